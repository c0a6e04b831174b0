import { creditPeriod, parseRate } from '../../src/access/keys.js';
import type { KeyAdmin } from '../../src/access/stores/admin.js';
import { PgKeyAdmin, createPool, migrate } from '../../src/access/stores/postgres.js';
import { openEmbeddedKeyAdmin } from '../../src/access/stores/sqlite.js';

/**
 * The key store `npm run keys` opens for `env` (PostgreSQL when DATABASE_URL is set, else
 * DATA_DIR's state database), in-process. The CLI itself is run by `keysCli` and `createKey`.
 */
async function withKeyAdmin<T>(env: Record<string, string>, fn: (admin: KeyAdmin) => Promise<T>): Promise<T> {
  let admin: KeyAdmin;
  if (env.DATABASE_URL) {
    const pool = createPool(env.DATABASE_URL);
    await migrate(pool);
    admin = new PgKeyAdmin(pool);
  } else {
    admin = openEmbeddedKeyAdmin(env.DATA_DIR!);
  }
  try {
    return await fn(admin);
  } finally {
    await admin.close();
  }
}

/** What `npm run keys -- create --name … [--quota …] [--rate N/S]` does, in-process. */
export async function createKeyInProcess(
  opts: { name: string; quota?: number; rate?: string },
  env: Record<string, string>,
): Promise<{ key: string; id: string }> {
  const { key, record } = await withKeyAdmin(env, (admin) =>
    admin.create({ name: opts.name, quota: opts.quota ?? null, rate: opts.rate ? parseRate(opts.rate) : null }),
  );
  return { key, id: record.id };
}

/** A key's usage this month (credits, calls), as `npm run keys -- list` reads it, in-process. */
export async function keyUsage(id: string, env: Record<string, string>): Promise<{ credits: number; calls: number }> {
  const keys = await withKeyAdmin(env, (admin) => admin.list(creditPeriod()));
  const found = keys.find((k) => k.id === id);
  if (!found) throw new Error(`no key ${id}`);
  return found.usage;
}
