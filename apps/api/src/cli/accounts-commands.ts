/**
 * Operators' account commands: `user create`, `user verify`, `user deactivate|reactivate`,
 * `user grant-staff|remove-staff`, `license list|approve|revoke`.
 * Each entry has the shape of admin.ts's Command table; runAccountsCommand runs them without it
 * (tests, scripts). Mail (licence decisions) goes through the outbox like every other message: its links
 * are written by the mail worker of the running API with the portal's PUBLIC_URL, not from this process's
 * environment (which may lack it).
 */
import { toOneLine } from '@portal/contract';
import type { Config } from '../config';
import type { Db } from '../db/db';
import {
  NO_PASSWORD,
  findCredentials,
  insertUser,
  listPendingLicenses,
  markVerified,
} from '../features/accounts/accounts.repo';
import { decideLicense, type DecisionOutcome } from '../features/accounts/license';
import { CLI_ACTOR, recordAudit } from '../features/admin/audit';
import { mailStaffAccessChange, recordStaffGrant } from '../features/admin/staff-access';
import { applyUserAction } from '../features/admin/users';
import { hashPassword, validatePassword } from '../features/accounts/passwords';
import { t } from '../plugins/i18n';
import { parseCommandArgs } from './args';
import { PASSWORD_ENV } from './user-password';

type Output = (line: string) => void;

export interface AccountsCommand {
  name: string[];
  usage: string;
  summary: string;
  run(args: string[], ctx: { db: Db; log: Output }): Promise<number>;
}

function usage(log: Output, command: AccountsCommand, problem: string): number {
  log(`${problem}\nusage: npm run admin -- ${command.usage}`);
  return 2;
}

const isEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);

export const ACCOUNTS_COMMANDS: AccountsCommand[] = [
  {
    name: ['user', 'create'],
    usage: 'user create --email <e> [--first-name <n>] [--last-name <n>] [--verified] [--staff]',
    summary:
      'create an account (--verified: may sign in at once); the password is asked for without echo, or ' +
      `read from ${PASSWORD_ENV} (--password <p> still works, but npm prints it)`,
    async run(args, { db, log }) {
      const self = ACCOUNTS_COMMANDS[0]!;
      const o = parseCommandArgs(args, {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        verified: { type: 'boolean' },
        staff: { type: 'boolean' },
      });
      if ('problem' in o) return usage(log, self, o.problem);
      if (o.positionals.length) return usage(log, self, `unexpected ${o.positionals[0]}`);
      const { email, password, verified = false, staff = false } = o.values;
      if (!email || !isEmail(email))
        return usage(log, self, 'user create needs --email with an e-mail address');
      if (!password)
        return usage(
          log,
          self,
          `user create needs a password: run it in a terminal, which asks for it, or set ${PASSWORD_ENV}`,
        );
      const firstName = o.values['first-name'] ?? '';
      const lastName = o.values['last-name'] ?? '';
      const problems = validatePassword(password, { email, firstName, lastName });
      if (problems.length) {
        log(`password refused: ${problems.map((p) => t('en', p)).join(' ')}`);
        return 1;
      }
      if (await findCredentials(db, email)) {
        log(`an account with ${email} already exists`);
        return 1;
      }
      const passwordHash = await hashPassword(password);
      const id = await db.transaction(async (tx) => {
        const created = await insertUser(tx, {
          email,
          passwordHash,
          firstName,
          lastName,
          verified,
          isStaff: staff,
        });
        // A staff account can do everything the back-office does: its making is on record, in the chain
        // of grants (from the operator) and in every staff member's mail.
        if (staff) {
          await recordAudit(tx, {
            actor: CLI_ACTOR,
            action: 'user.grant-staff',
            target: { id: created, label: email },
            before: null,
            after: 'staff',
            reason: null,
          });
          await recordStaffGrant(tx, created, null);
          await mailStaffAccessChange(tx, 'granted', { subject: email, actor: CLI_ACTOR });
        }
        return created;
      });
      const standing = [verified ? 'verified' : 'not verified', ...(staff ? ['staff'] : [])];
      log(`user ${id} created: ${email} (${standing.join(', ')})`);
      return 0;
    },
  },
  {
    name: ['user', 'verify'],
    usage: 'user verify <email>',
    summary: 'mark the address of an account as verified',
    async run(args, { db, log }) {
      const self = ACCOUNTS_COMMANDS[1]!;
      const o = parseCommandArgs(args, {});
      if ('problem' in o) return usage(log, self, o.problem);
      const [email, ...rest] = o.positionals;
      if (!email || rest.length) return usage(log, self, 'user verify needs one <email>');
      const user = await findCredentials(db, email);
      if (!user) {
        log(`no account with ${email}`);
        return 1;
      }
      await db.transaction(async (tx) => {
        await markVerified(tx, user.id);
        await recordAudit(tx, {
          actor: CLI_ACTOR,
          action: 'user.verify',
          target: { id: user.id, label: user.email },
          before: user.verified ? 'verificato' : 'da verificare',
          after: 'verificato',
          reason: null,
        });
      });
      // An account made by a registration has no password until one of its registrations is confirmed
      // with its key; marking it verified activates none of them (a stranger may have made one).
      log(
        user.passwordHash === NO_PASSWORD
          ? `${user.email} verified; it has no password yet: its owner sets one with "Hai dimenticato la password?"`
          : `${user.email} verified`,
      );
      return 0;
    },
  },
  {
    name: ['license', 'list'],
    usage: 'license list',
    summary: 'list the pending licence requests, oldest first',
    async run(args, { db, log }) {
      if (args.length) return usage(log, ACCOUNTS_COMMANDS[2]!, 'license list takes no arguments');
      const pending = await listPendingLicenses(db);
      if (pending.length === 0) log('no pending licence requests');
      for (const p of pending) {
        log(
          [
            p.requestedAt,
            p.email,
            `${p.firstName} ${p.lastName}`.trim(),
            p.organization,
            p.organizationType,
            p.intendedUse,
          ]
            // One line per request, one column per field, whatever the fields hold.
            .map((v) => toOneLine(v) || '-')
            .join('\t'),
        );
      }
      return 0;
    },
  },
  {
    name: ['license', 'approve'],
    usage: 'license approve <email>',
    summary: 'set the licence active and mail the user (recorded in the audit log)',
    async run(args, { db, log }) {
      const o = parseCommandArgs(args, {});
      if ('problem' in o) return usage(log, this, o.problem);
      const [email, ...rest] = o.positionals;
      if (!email || rest.length) return usage(log, this, 'license approve needs one <email>');
      const outcome = await decideLicense(db, { email }, 'approve', { actor: CLI_ACTOR });
      return reportDecision(log, email, outcome);
    },
  },
  {
    name: ['license', 'revoke'],
    usage: 'license revoke <email> [--reason <text>]',
    summary:
      'set the licence inactive (revoke an active one, or turn down a request) and mail the user the reason',
    async run(args, { db, log }) {
      const o = parseCommandArgs(args, { reason: { type: 'string' } });
      if ('problem' in o) return usage(log, this, o.problem);
      const [email, ...rest] = o.positionals;
      if (!email || rest.length) return usage(log, this, 'license revoke needs one <email>');
      const reason = o.values.reason?.trim() || null;
      let outcome = await decideLicense(db, { email }, 'revoke', { reason, actor: CLI_ACTOR });
      if (outcome.kind === 'not-applicable' && outcome.status === 'pending')
        outcome = await decideLicense(db, { email }, 'reject', { reason, actor: CLI_ACTOR });
      return reportDecision(log, email, outcome);
    },
  },
  ...(
    [
      [
        'deactivate',
        'user deactivate <email> --reason <text>',
        'deactivate an account, a staff one too: no sign-in, its sessions end',
      ],
      ['reactivate', 'user reactivate <email>', 'reactivate a deactivated account, a staff one too'],
      [
        'grant-staff',
        'user grant-staff <email>',
        'give an account access to the back-office (the staff are mailed)',
      ],
      [
        'remove-staff',
        'user remove-staff <email>',
        "take back an account's access to the back-office (the staff are mailed)",
      ],
    ] as const
  ).map(([action, synopsis, summary]): AccountsCommand => ({
    name: ['user', action],
    usage: synopsis,
    summary,
    async run(args, { db, log }) {
      const o = parseCommandArgs(args, action === 'deactivate' ? { reason: { type: 'string' } } : {});
      if ('problem' in o) return usage(log, this, o.problem);
      const [email, ...rest] = o.positionals;
      if (!email || rest.length) return usage(log, this, `user ${action} needs one <email>`);
      const reason = (o.values as { reason?: string }).reason?.trim() || null;
      if (action === 'deactivate' && !reason) return usage(log, this, 'user deactivate needs --reason');
      const outcome = await applyUserAction(db, { email }, action, { reason, actor: CLI_ACTOR });
      if (outcome.kind === 'unknown') {
        log(`no account with ${email}`);
        return 1;
      }
      if (outcome.kind === 'refused') {
        log(`${email}: ${t('en', outcome.message)} Nothing changed.`);
        return 1;
      }
      log(`${outcome.user.email}: ${DONE[action]}`);
      return 0;
    },
  })),
];

const DONE = {
  deactivate: 'deactivated; its sessions ended',
  reactivate: 'reactivated; it can sign in again',
  'grant-staff': 'is staff now; the staff are mailed',
  'remove-staff': 'is no longer staff; the staff are mailed',
} as const;

/** The line (and exit code) of a licence decision of the CLI. */
function reportDecision(log: Output, email: string, outcome: DecisionOutcome): number {
  if (outcome.kind === 'unknown') {
    log(`no account with ${email}`);
    return 1;
  }
  if (outcome.kind === 'not-applicable') {
    log(`${email}: licence already ${outcome.status}; nothing changed`);
    return 0;
  }
  if (outcome.kind === 'four-eyes') {
    // Staff members only (the operator has no account): said all the same, should it ever be reached.
    log(`${email}: refused, the approver's own licence or one of their chain of staff grants`);
    return 1;
  }
  log(`${email}: licence ${outcome.before} -> ${outcome.after}; the user is mailed`);
  return 0;
}

/**
 * Runs one account command, e.g. ['license', 'approve', 'a@b.it']; returns the exit code. `_config` is
 * accepted for callers that still pass one and is not read: no command depends on this process's
 * environment (mail links come from the mail worker's PUBLIC_URL).
 */
export async function runAccountsCommand(
  db: Db,
  args: string[],
  output: Output,
  _config?: Pick<Config, 'PUBLIC_URL'>,
): Promise<number> {
  const command = ACCOUNTS_COMMANDS.find((c) => c.name.every((w, i) => args[i] === w));
  if (!command) {
    output(`unknown command: ${args.join(' ')}\n${ACCOUNTS_COMMANDS.map((c) => `  ${c.usage}`).join('\n')}`);
    return 2;
  }
  return command.run(args.slice(command.name.length), { db, log: output });
}
