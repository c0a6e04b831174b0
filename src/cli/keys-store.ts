import path from 'node:path';
import type { KeyAdmin } from '../access/stores/admin.js';
import { PgKeyAdmin, openMigratedPool } from '../access/stores/postgres.js';
import { openEmbeddedKeyAdmin } from '../access/stores/sqlite.js';
import { stateDir } from '../access/sqlite/database.js';
import type { Settings } from '../settings.js';
import { dataDirIsSet, redactDatabaseUrl } from './where.js';

type StoreSettings = Pick<Settings, 'dataDir' | 'databaseUrl'>;

/**
 * Where the keys are, as printed after `keys in `: the PostgreSQL database of
 * DATABASE_URL (without its password), else the state folder of DATA_DIR, with
 * the setting that chose it.
 */
export function describeKeyStore(settings: StoreSettings, env: NodeJS.ProcessEnv = process.env): string {
  if (settings.databaseUrl) {
    return `PostgreSQL ${redactDatabaseUrl(settings.databaseUrl)} (distributed, from DATABASE_URL)`;
  }
  const folder = path.resolve(stateDir(settings.dataDir));
  return `${folder} (embedded, ${dataDirIsSet(env) ? 'from DATA_DIR' : 'DATA_DIR unset: default ./data'})`;
}

/**
 * The key store the server of these settings uses: PostgreSQL when DATABASE_URL is set,
 * else DATA_DIR's state database.
 */
export async function openKeyStore(settings: StoreSettings): Promise<KeyAdmin> {
  if (!settings.databaseUrl) return openEmbeddedKeyAdmin(settings.dataDir);
  return new PgKeyAdmin(await openMigratedPool(settings.databaseUrl));
}
