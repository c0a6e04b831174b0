import { hashPassword, passwordProblem } from '../access/accounts/password.js';
import type { AccountStore } from '../access/accounts/store.js';
import { PgAccountStore } from '../access/stores/accounts-postgres.js';
import { SqliteAccountStore } from '../access/stores/accounts-sqlite.js';
import { openMigratedPool } from '../access/stores/postgres.js';
import { openStateDatabase } from '../access/sqlite/database.js';
import { loadSettings, type Settings } from '../settings.js';
import { UsageError, parseCommandLine } from './args.js';
import { describeKeyStore } from './keys-store.js';
import { readSecretLine } from './secret-input.js';
import { messageOf, runTool } from './run.js';

/*
 * `npm run accounts -- create-admin --email E`: the first admin of the dashboard;
 * `create-user`: a user's account (how accounts come to be with SIGNUP=closed). Their
 * addresses count as verified. The password comes from standard input (typed without
 * echo on a terminal, or the first line of a pipe), never from the command line, where
 * `ps` and shell history would keep it.
 */

const USAGE = `Usage: npm run accounts -- <command>

Commands:
  create-admin --email EMAIL   create a dashboard account with the admin role; its
                               password is read from standard input (first line)
  create-user --email EMAIL    create a dashboard account with the user role (the way
                               to make accounts with SIGNUP=closed); password as above

Accounts made here count as verified: they can create keys at once.

Admins see /dashboard/admin: every account with its keys and usage, where they set an
account's quota and rate and disable it.

Acts on the state of DATA_DIR, or on PostgreSQL when DATABASE_URL is set.`;

const createUsage = (role: Role) => `Usage: npm run accounts -- create-${role} --email EMAIL

Creates a dashboard account with the ${role} role, its address verified. The password
(at least 12 characters) is read from standard input: typed without echo on a terminal,
or the first line of a pipe, e.g.
  printf '%s\\n' "$PASSWORD" | npm run accounts -- create-${role} --email ops@example.com`;

type Role = 'admin' | 'user';
const COMMANDS = new Map<string | undefined, Role>([
  ['create-admin', 'admin'],
  ['create-user', 'user'],
]);

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

async function openAccountStore(settings: Pick<Settings, 'dataDir' | 'databaseUrl'>): Promise<AccountStore> {
  if (!settings.databaseUrl) return new SqliteAccountStore(openStateDatabase(settings.dataDir));
  return new PgAccountStore(await openMigratedPool(settings.databaseUrl));
}

async function createAccount(email: string, role: Role): Promise<number> {
  if (!EMAIL.test(email.trim())) throw new UsageError(`--email must be an email address, got "${email}"`);
  const password = await readSecretLine('Password: ');
  const problem = passwordProblem(password);
  if (problem) {
    console.error(`accounts create-${role}: ${problem} (read from standard input)`);
    return 1;
  }
  const settings = loadSettings();
  const place = describeKeyStore(settings);
  const store = await openAccountStore(settings);
  try {
    const account = await store.createAccount(email, await hashPassword(password), { role });
    console.error(`accounts in ${place}`);
    if (!account) {
      console.error(`accounts create-${role}: an account with the email ${email.trim()} exists already`);
      return 1;
    }
    await store.markEmailVerified(account.id);
    console.log(`created ${role} ${account.id} (${account.email}); sign in at /dashboard/login`);
    return 0;
  } finally {
    await store.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return 0;
  }
  try {
    const role = COMMANDS.get(command);
    if (!role) throw new UsageError(command === undefined ? 'needs a command' : `unknown command "${command}"`);
    const { values, positionals } = parseCommandLine(args, {
      email: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      console.log(createUsage(role));
      return 0;
    }
    if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    if (values.email === undefined) throw new UsageError('--email EMAIL is required');
    return await createAccount(values.email, role);
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`accounts: ${err.message} (see npm run accounts -- --help)`);
      return 2;
    }
    console.error(`accounts: ${messageOf(err)}`);
    return 1;
  }
}

runTool('accounts', main);
