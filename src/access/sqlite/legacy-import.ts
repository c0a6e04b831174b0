import { existsSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import type { SqliteDatabase } from './driver.js';
import { OPERATOR_ACCOUNT_ID } from '../accounts/store.js';
import type { StoredKey } from '../keys.js';

/** The files of the former file-based embedded state, in DATA_DIR/state. */
const LEGACY_FILES = { keys: 'keys.json', usage: 'usage.log' } as const;

interface LegacyUsage {
  period: string;
  keyId: string;
  credits: number;
  requestId: string;
  operation: string;
}

function readLegacyKeys(file: string): StoredKey[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { keys: StoredKey[] }).keys;
}

/**
 * Lines of `period \t keyId \t credits \t requestId \t operation`. A line missing
 * one of the first three fields is a torn last write and was never counted, so it
 * is skipped as the file-based ledger did; a line without a request id gets one
 * made from its position.
 */
function readLegacyUsage(file: string): LegacyUsage[] {
  const rows: LegacyUsage[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const [period, keyId, credits, requestId, operation] = line.split('\t');
      if (!period || !keyId || !credits) return;
      rows.push({
        period,
        keyId,
        credits: Number(credits),
        requestId: requestId || `usage.log:${i + 1}`,
        operation: operation ?? '',
      });
    });
  return rows;
}

function insertKeys(db: SqliteDatabase, keys: StoredKey[]): number {
  const insert = db.prepare(
    'INSERT OR IGNORE INTO api_keys ' +
      '(id, name, key_hash, created_at, revoked_at, quota, rate_requests, rate_window_s, account_id) ' +
      'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const k of keys) {
    insert.run(
      k.id,
      k.name,
      k.hash,
      k.createdAt,
      k.revokedAt,
      k.quota,
      k.rate?.requests ?? null,
      k.rate?.windowS ?? null,
      OPERATOR_ACCOUNT_ID,
    );
  }
  return keys.length;
}

/**
 * The old ledger kept no instant: an imported call counts on the first day of its
 * period. A request id the file holds twice counts once. (The import runs when the
 * state database is first opened beside the old files, before any call is recorded.)
 */
function insertUsage(db: SqliteDatabase, rows: LegacyUsage[]): number {
  const insert = db.prepare(
    'INSERT INTO usage_ledger (request_id, key_id, period, operation, credits, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const seen = new Set<string>();
  for (const r of rows) {
    if (seen.has(r.requestId)) continue;
    seen.add(r.requestId);
    insert.run(r.requestId, r.keyId, r.period, r.operation, r.credits, `${r.period}-01T00:00:00.000Z`);
  }
  // The rollup is recomputed from the whole ledger, so it matches it whatever was there before.
  db.exec('DELETE FROM usage_daily');
  db.exec(
    'INSERT INTO usage_daily (key_id, day, operation, calls, credits) ' +
      'SELECT key_id, substr(created_at, 1, 10), operation, count(*), sum(credits) FROM usage_ledger GROUP BY 1, 2, 3',
  );
  return rows.length;
}

/**
 * Copies keys.json and usage.log of the former file-based state into the database,
 * in one transaction, then renames them `*.imported` (never deleted). A file the
 * database has already imported (a rename that did not happen) is only renamed.
 */
export function importLegacyState(db: SqliteDatabase, dir: string): void {
  const present = Object.values(LEGACY_FILES).filter((f) => existsSync(path.join(dir, f)));
  if (present.length === 0) return;
  const imported = db.prepare('SELECT 1 FROM legacy_imports WHERE file = ?').pluck();
  const record = db.prepare('INSERT INTO legacy_imports (file, imported_at, rows) VALUES (?, ?, ?)');
  const copy = db.transaction(() => {
    for (const f of present) {
      if (imported.get(f) || !existsSync(path.join(dir, f))) continue;
      const file = path.join(dir, f);
      const rows =
        f === LEGACY_FILES.keys ? insertKeys(db, readLegacyKeys(file)) : insertUsage(db, readLegacyUsage(file));
      record.run(f, new Date().toISOString(), rows);
    }
  });
  copy.immediate();
  for (const f of present) {
    try {
      renameSync(path.join(dir, f), path.join(dir, `${f}.imported`));
    } catch (err) {
      // Another process (the server or the CLI) imported and renamed it at the same time.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}
