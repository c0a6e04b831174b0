import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type SqliteDatabase, openSqlite } from './driver.js';
import { importLegacyState } from './legacy-import.js';
import { migrateSqlite } from './migrate.js';

export type StateDatabase = SqliteDatabase;

/** The folder of the embedded state in DATA_DIR. */
export function stateDir(dataDir: string): string {
  return path.join(dataDir, 'state');
}

export function stateDatabaseFile(dataDir: string): string {
  return path.join(stateDir(dataDir), 'state.sqlite');
}

/**
 * Opens (creating it if needed) the embedded state database of DATA_DIR: migrated,
 * with the files of the former file-based state imported once.
 *
 * WAL lets the server read while the `keys` CLI writes; `synchronous=NORMAL` in WAL
 * mode writes each commit to the WAL file before COMMIT returns (it survives the
 * process being killed) and syncs it to disk at checkpoints only, so a commit does
 * not block the event loop on an fsync (see docs/decisions.md). Both processes wait
 * up to `busy_timeout` for the other's write lock instead of failing.
 */
export function openStateDatabase(dataDir: string): StateDatabase {
  mkdirSync(stateDir(dataDir), { recursive: true });
  const db = openSqlite(stateDatabaseFile(dataDir));
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    migrateSqlite(db);
    importLegacyState(db, stateDir(dataDir));
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}
