import type { SqliteDatabase } from '../sqlite/driver.js';
import { OPERATOR_ACCOUNT_ID } from '../accounts/store.js';
import {
  generateKey,
  generateKeyId,
  hashKey,
  keyRecord,
  keyDisplayPrefix,
  type ApiKeyRecord,
  type KeyStore,
  type StoredKey,
} from '../keys.js';
import { openStateDatabase } from '../sqlite/database.js';
import { periodDays } from '../sqlite/days.js';
import type { KeyAdmin, ListedKey, NewKey } from './admin.js';
import { SQLITE_ROWS, type SqliteRows } from './rows.js';
import { ACTIVE_KEYS, limitsOfAccount } from './sql.js';

const KEY_COLUMNS = 'id, name, key_hash, created_at, revoked_at, quota, rate_requests, rate_window_s, account_id';

/**
 * Keys of the embedded mode, held in memory by hash. The `keys` CLI writes them from
 * another process: `PRAGMA data_version` (which changes when another connection has
 * committed, and costs no read) is checked every `pollMs`. When it moved, the counter
 * that every change of a key or an account moves (`keys_version`, migration 007) is
 * read, and the keys are reloaded when that moved too, so a revocation takes effect
 * within `pollMs`, and commits that change no key (the dashboard's sessions) reload nothing.
 */
export class SqliteKeyStore implements KeyStore {
  private byHash = new Map<string, ApiKeyRecord>();
  private version = -1;
  private keysVersion = -1;
  private readonly timer: NodeJS.Timeout;
  private readonly active;
  private readonly keysChanges;

  constructor(
    private readonly db: SqliteDatabase,
    pollMs = 250,
  ) {
    // The keys of a disabled account stop working as if revoked.
    this.active = db.prepare<[], SqliteRows['key']>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE ${ACTIVE_KEYS}`);
    this.keysChanges = db.prepare<[], number>('SELECT version FROM keys_version WHERE id = 1').pluck();
    this.reloadIfChanged();
    this.timer = setInterval(() => this.reloadIfChanged(), pollMs);
    this.timer.unref();
  }

  private reloadIfChanged(): void {
    try {
      const version = Number(this.db.pragma('data_version', { simple: true }));
      if (version === this.version) return;
      const keysVersion = Number(this.keysChanges.get());
      if (keysVersion !== this.keysVersion) {
        const keys = this.active.all().map(SQLITE_ROWS.storedKey);
        this.byHash = new Map(keys.map((k) => [k.hash, keyRecord(k)]));
        this.keysVersion = keysVersion;
      }
      this.version = version;
    } catch {
      // the database is busy or closing: the keys in memory stay in force until the next tick
    }
  }

  async lookup(presentedKey: string): Promise<ApiKeyRecord | null> {
    const hash = hashKey(presentedKey);
    if (!this.byHash.has(hash)) this.reloadIfChanged(); // a key created a moment ago works at once
    return this.byHash.get(hash) ?? null;
  }

  close(): void {
    clearInterval(this.timer);
  }
}

/**
 * The quota and rate columns of a new key: those an admin set for its account, else
 * the three values bound here (the request's own, or the service defaults).
 */
const LIMITS_OF_ACCOUNT = limitsOfAccount(['?', '?', '?']);

/** What `npm run keys` does on the embedded state. */
export class SqliteKeyAdmin implements KeyAdmin {
  constructor(private readonly db: SqliteDatabase) {}

  async create(input: NewKey): Promise<{ key: string; record: StoredKey }> {
    const key = generateKey();
    const row = this.db
      .prepare<unknown[], SqliteRows['key']>(
        'INSERT INTO api_keys (id, name, key_hash, created_at, quota, rate_requests, rate_window_s, ' +
          `account_id, key_prefix) SELECT ?, ?, ?, ?, ${LIMITS_OF_ACCOUNT}, a.id, ? FROM accounts a WHERE a.id = ? ` +
          `RETURNING ${KEY_COLUMNS}`,
      )
      .get(
        generateKeyId(),
        input.name,
        hashKey(key),
        new Date().toISOString(),
        ...[input.quota, input.rate?.requests ?? null, input.rate?.windowS ?? null],
        keyDisplayPrefix(key),
        input.accountId ?? OPERATOR_ACCOUNT_ID,
      );
    if (!row) throw new Error(`there is no account ${input.accountId}`);
    return { key, record: SQLITE_ROWS.storedKey(row) };
  }

  /** Keys in order of creation, with their usage in `period` from the daily rollup. */
  async list(period: string): Promise<ListedKey[]> {
    const [first, last] = periodDays(period);
    const rows = this.db
      .prepare<[string, string], SqliteRows['key'] & { credits: number; calls: number }>(
        `SELECT k.id, k.name, k.key_hash, k.created_at, k.revoked_at, k.quota, k.rate_requests, k.rate_window_s,
           k.account_id, coalesce(sum(d.credits), 0) AS credits, coalesce(sum(d.calls), 0) AS calls
         FROM api_keys k LEFT JOIN usage_daily d ON d.key_id = k.id AND d.day BETWEEN ? AND ?
         GROUP BY k.id ORDER BY k.created_at, k.rowid`,
      )
      .all(first, last);
    return rows.map((row) => {
      const { hash: _hash, ...k } = SQLITE_ROWS.storedKey(row);
      return { ...k, usage: { credits: row.credits, calls: row.calls } };
    });
  }

  async revoke(id: string): Promise<boolean> {
    const r = this.db
      .prepare('UPDATE api_keys SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?')
      .run(new Date().toISOString(), id);
    return r.changes > 0;
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

/** The key admin of DATA_DIR's embedded state (opening it migrates and imports former files). */
export function openEmbeddedKeyAdmin(dataDir: string): SqliteKeyAdmin {
  return new SqliteKeyAdmin(openStateDatabase(dataDir));
}
