import { parseArgs } from 'node:util';
import { creditPeriod, parseRate } from '../access/keys.js';
import type { KeyAdmin } from '../access/stores/admin.js';
import { FileKeyAdmin } from '../access/stores/file.js';
import { PgKeyAdmin, createPool, migrate } from '../access/stores/postgres.js';
import { loadSettings } from '../settings.js';

const USAGE = `usage:
  npm run keys -- create --name NAME [--quota CREDITS] [--rate N/SECONDS]
  npm run keys -- list
  npm run keys -- revoke ID`;

async function admin(): Promise<KeyAdmin> {
  const settings = loadSettings();
  if (settings.databaseUrl) {
    const pool = createPool(settings.databaseUrl);
    await migrate(pool);
    return new PgKeyAdmin(pool);
  }
  return new FileKeyAdmin(settings.dataDir);
}

type Options = { name?: string; quota?: string; rate?: string };

/** Runs `fn` on the key store, closing it afterwards. */
async function withAdmin<T>(fn: (store: Awaited<ReturnType<typeof admin>>) => Promise<T>): Promise<T> {
  const store = await admin();
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

async function create(values: Options): Promise<number> {
  if (!values.name) throw new Error('--name is required');
  const name = values.name;
  const quota = values.quota === undefined ? null : Number(values.quota);
  if (quota !== null && (!Number.isInteger(quota) || quota < 0))
    throw new Error('--quota must be a whole number of credits');
  const rate = values.rate === undefined ? null : parseRate(values.rate);
  const { key, record } = await withAdmin((store) => store.create({ name, quota, rate }));
  const limit = record.rate ? `${record.rate.requests}/${record.rate.windowS}s` : 'default';
  console.log(`created ${record.id} (${record.name}); quota ${record.quota ?? 'none'}; rate ${limit}`);
  console.log('The key is shown once; only its hash is stored:');
  console.log(key);
  return 0;
}

async function list(): Promise<number> {
  const period = creditPeriod();
  const keys = await withAdmin((store) => store.list(period));
  console.table(
    keys.map((k) => ({
      id: k.id,
      name: k.name,
      created: k.createdAt,
      revoked: k.revokedAt ?? '',
      quota: k.quota ?? '',
      rate: k.rate ? `${k.rate.requests}/${k.rate.windowS}s` : 'default',
      [`credits ${period}`]: k.usage.credits,
      [`calls ${period}`]: k.usage.calls,
    })),
  );
  return 0;
}

async function revoke(id: string | undefined): Promise<number> {
  if (!id) throw new Error('revoke needs a key id');
  if (!(await withAdmin((store) => store.revoke(id)))) {
    console.error(`no key ${id}`);
    return 1;
  }
  console.log(`revoked ${id}`);
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { name: { type: 'string' }, quota: { type: 'string' }, rate: { type: 'string' } },
    allowPositionals: true,
  });
  if (command === 'create') return create(values);
  if (command === 'list') return list();
  if (command === 'revoke') return revoke(positionals[0]);
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error((err as Error).message);
    console.error(USAGE);
    process.exit(1);
  },
);
