import { creditPeriod, parseRate } from '../access/keys.js';
import type { KeyAdmin, NewKey } from '../access/stores/admin.js';
import { loadSettings } from '../settings.js';
import { UsageError, parseCommandLine } from './args.js';
import { CREATE_USAGE, KEYS_USAGE, LIST_USAGE, REVOKE_USAGE } from './keys-help.js';
import { keyListings, keysTable } from './keys-list.js';
import { describeKeyStore, openKeyStore } from './keys-store.js';
import { messageOf, runTool } from './run.js';

/*
 * `npm run keys -- create|list|revoke`. stdout holds only a command's result (the key
 * on the last line, the table, the JSON), so that scripts can read it; the line naming
 * the key store and every error go to stderr.
 */

const HELP = { short: 'h', type: 'boolean' } as const;
const CREATE_OPTIONS = {
  name: { type: 'string' },
  quota: { type: 'string' },
  rate: { type: 'string' },
  help: HELP,
} as const;
const LIST_OPTIONS = { json: { type: 'boolean' }, help: HELP } as const;
const REVOKE_OPTIONS = { help: HELP } as const;

const COMMANDS = new Set(['create', 'list', 'revoke']);

/** A failure of the key store itself (unreachable, unreadable): exit code 1. */
class StoreError extends Error {}

/** Runs `fn` on the configured key store and closes it; a failure names the store. */
async function onKeyStore<T>(fn: (store: KeyAdmin, place: string) => Promise<T>): Promise<T> {
  const settings = loadSettings();
  const place = describeKeyStore(settings);
  let store: KeyAdmin;
  try {
    store = await openKeyStore(settings);
  } catch (err) {
    throw new StoreError(`cannot open keys in ${place}: ${messageOf(err)}`);
  }
  try {
    return await fn(store, place);
  } catch (err) {
    throw new StoreError(`keys in ${place}: ${messageOf(err)}`);
  } finally {
    await store.close();
  }
}

function noPositionals(positionals: string[]): void {
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
}

/** The key to create, from the options; every refusal names the option and the value given. */
function newKeyFrom(values: { name?: string; quota?: string; rate?: string }): NewKey {
  if (values.name === undefined) throw new UsageError('--name NAME is required');
  const name = values.name.trim();
  if (!name) throw new UsageError('--name must not be empty');
  let quota: number | null = null;
  if (values.quota !== undefined) {
    quota = /^\d+$/.test(values.quota) ? Number(values.quota) : NaN;
    if (!Number.isSafeInteger(quota)) {
      throw new UsageError(`--quota must be a whole number of credits, got "${values.quota}"`);
    }
  }
  let rate: NewKey['rate'] = null;
  if (values.rate !== undefined) {
    try {
      rate = parseRate(values.rate);
    } catch {
      throw new UsageError(
        `--rate must be N/SECONDS with whole numbers of at least 1 (e.g. 120/60), got "${values.rate}"`,
      );
    }
  }
  return { name, quota, rate };
}

async function create(input: NewKey): Promise<number> {
  const { key, record } = await onKeyStore(async (store, place) => {
    const created = await store.create(input);
    console.error(`keys in ${place}`);
    return created;
  });
  const limit = record.rate ? `${record.rate.requests}/${record.rate.windowS}s` : 'default';
  console.log(`created ${record.id} (${record.name}); quota ${record.quota ?? 'none'}; rate ${limit}`);
  console.log('The key is shown once; only its hash is stored:');
  console.log(key);
  return 0;
}

async function list(json: boolean): Promise<number> {
  const period = creditPeriod();
  const keys = await onKeyStore(async (store, place) => {
    const listed = await store.list(period);
    console.error(`keys in ${place}`);
    return keyListings(listed, period);
  });
  console.log(json ? JSON.stringify(keys, null, 2) : keysTable(keys, period));
  return 0;
}

async function revoke(id: string): Promise<number> {
  const { revoked, place } = await onKeyStore(async (store, place) => ({ revoked: await store.revoke(id), place }));
  if (!revoked) {
    // One line that says both what is wrong and where it looked.
    console.error(`keys revoke: no key ${id} in ${place}; \`npm run keys -- list\` shows the ids`);
    return 1;
  }
  console.error(`keys in ${place}`);
  console.log(`revoked ${id}`);
  return 0;
}

/** Prints a usage text on stdout, as asked for with --help, and the key store this environment selects. */
function help(text: string): number {
  console.log(text);
  try {
    console.log(`\nHere: keys in ${describeKeyStore(loadSettings())}`);
  } catch {
    // An invalid setting is reported by the commands themselves; the usage stands without it.
  }
  return 0;
}

async function runCommand(command: string, args: string[]): Promise<number> {
  switch (command) {
    case 'create': {
      const { values, positionals } = parseCommandLine(args, CREATE_OPTIONS);
      if (values.help) return help(CREATE_USAGE);
      noPositionals(positionals);
      return create(newKeyFrom(values));
    }
    case 'list': {
      const { values, positionals } = parseCommandLine(args, LIST_OPTIONS);
      if (values.help) return help(LIST_USAGE);
      noPositionals(positionals);
      return list(values.json ?? false);
    }
    case 'revoke': {
      const { values, positionals } = parseCommandLine(args, REVOKE_OPTIONS);
      if (values.help) return help(REVOKE_USAGE);
      if (positionals.length !== 1) {
        throw new UsageError(positionals.length ? `takes one key id, got ${positionals.length}` : 'needs a key id');
      }
      return revoke(positionals[0]!);
    }
    default:
      throw new UsageError(
        command.startsWith('-')
          ? `unknown option ${command}`
          : `unknown command "${command}"; the commands are create, list and revoke`,
      );
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === undefined) {
    console.error(KEYS_USAGE);
    return 2;
  }
  if (command === '--help' || command === '-h' || command === 'help') return help(KEYS_USAGE);
  const known = COMMANDS.has(command);
  const prefix = known ? `keys ${command}` : 'keys';
  try {
    return await runCommand(command, args);
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`${prefix}: ${err.message} (see npm run keys -- ${known ? `${command} ` : ''}--help)`);
      return 2;
    }
    // A store failure or an invalid setting: one line, never a stack trace.
    console.error(`${prefix}: ${err instanceof StoreError ? err.message : messageOf(err)}`);
    return 1;
  }
}

runTool('keys', main);
