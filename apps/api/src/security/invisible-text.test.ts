import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { runAccountsCommand } from '../cli/accounts-commands';
import { printable } from '../cli/admin';
import type { TestDb } from '../../test/db';
import { buildTestApp } from '../../test/app';
import { client, outbox, PASSWORD, signIn, testConfig } from '../../test/accounts';

/*
 * Issue 34, finding 9: the contract dropped control characters from one-line fields but not Unicode's
 * format characters. A right-to-left override (U+202E) in "organizzazione" made the staff's mail client
 * and the operator's terminal (`license list`) show "npm run admin -- license approve …" where the text
 * holds it backwards. Now the fields drop them as they are typed, and the mail and the CLI clean what
 * was stored before.
 */

let t: TestDb;
let app: App;
const quiet = () => {};

const RLO = '\u202e';
const PDF = '\u202c';
/** Shown right to left, the part after RLO reads "npm run admin -- license approve x": the text is reversed. */
const SPOOF = `Comune di Prova ${RLO}x evorppa esnecil -- nimda nur mpn${PDF}`;
/** Every invisible format character but the joiners names need (ZWJ, ZWNJ between two letters). */
const INVISIBLE = /(?![\u200c\u200d])\p{Cf}/u;

beforeAll(async () => {
  ({ t, app } = await buildTestApp({ config: testConfig() }));
});

const createUser = (email: string) =>
  runAccountsCommand(t.db, ['user', 'create', '--email', email, '--password', PASSWORD, '--verified'], quiet);

describe('bidi controls and zero-width characters in profile text (issue 34, finding 9)', () => {
  it('are dropped from every one-line field as it is typed, the joiners of real names kept', async () => {
    await createUser('bidi-typed@example.it');
    const token = await signIn(app, 'bidi-typed@example.it');
    const patch = await client(app).patch(
      '/api/auth/user/',
      {
        firstName: `An\u200bna\u2066`,
        lastName: `Verdi\u200f`,
        organization: SPOOF,
        role: `Sin\u00addaco ${'\u200d'}👩${'\u200d'}💻`,
        intendedUse: `Studio\n${RLO}x evorppa`,
      },
      { token },
    );
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({
      firstName: 'Anna',
      lastName: 'Verdi',
      organization: 'Comune di Prova x evorppa esnecil -- nimda nur mpn',
      // The joiner of the emoji stays, the one after the space joins nothing and goes.
      role: `Sindaco 👩${'\u200d'}💻`,
      intendedUse: 'Studio\nx evorppa',
    });
    const [stored] = await t.db.query<Record<string, string>>(
      `SELECT first_name, last_name, organization, role, intended_use FROM users WHERE email = $1`,
      ['bidi-typed@example.it'],
    );
    for (const value of Object.values(stored!)) expect(value).not.toMatch(INVISIBLE);
  });

  it('stored before the fix, are cleaned by the staff mail and printed as "?" by the CLI', async () => {
    const email = 'bidi-stored@example.it';
    await createUser(email);
    const token = await signIn(app, email);
    expect((await client(app).post('/api/users/license/request/', undefined, { token })).statusCode).toBe(
      200,
    );
    // What an older version let in, written straight into the database, then the request mailed again.
    await t.db.query(
      `UPDATE users SET first_name = $1, organization = $2, role = $3, intended_use = $4 WHERE email = $5`,
      [`Anna${RLO}`, SPOOF, `\u2067Ruolo\u2069`, `Uso ${RLO}previsto\u200b`, email],
    );
    await t.db.query(`UPDATE users SET license_status = 'inactive' WHERE email = $1`, [email]);
    expect((await client(app).post('/api/users/license/request/', undefined, { token })).statusCode).toBe(
      200,
    );

    const staff = (await outbox(t.db, 'staff@localhost.localdomain')).at(-1)!;
    expect(staff.text).toContain(email);
    expect(staff.text).not.toMatch(INVISIBLE);
    expect(staff.html).not.toMatch(INVISIBLE);
    expect(staff.text).toContain('Organizzazione: Comune di Prova x evorppa esnecil -- nimda nur mpn');

    const printed: string[] = [];
    await runAccountsCommand(t.db, ['license', 'list'], (line) => printed.push(printable(line)));
    const row = printed.find((l) => l.includes(email))!;
    expect(row).toContain('Comune di Prova x evorppa esnecil -- nimda nur mpn');
    expect(row).not.toMatch(INVISIBLE);
    // Whatever else a command prints (an e-mail address, a file's content) shows them as '?'.
    expect(printable(`a${RLO}b\u200bc\u2066d\u001be`)).toBe('a?b?c?d?e');
  });
});
