import pg from 'pg';
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
import type { KeyAdmin, ListedKey, NewKey } from './admin.js';
import { migrationFiles } from './migration-files.js';
import { inTransaction } from './pg-transaction.js';
import { PG_ROWS, type PgRows } from './rows.js';
import { ACTIVE_KEYS, limitsOfAccount } from './sql.js';

export function createPool(databaseUrl: string, opts: { max?: number; asynchronousCommit?: boolean } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: opts.max ?? 8,
    connectionTimeoutMillis: 2000,
    idleTimeoutMillis: 30_000,
    // A commit returns once it is in PostgreSQL's write-ahead log buffer, without
    // waiting for the flush to disk (see docs/decisions.md for what that risks).
    ...(opts.asynchronousCommit ? { options: '-c synchronous_commit=off' } : {}),
  });
  pool.on('error', () => undefined); // an idle client lost its server: the pool replaces it
  return pool;
}

/** A pool on `databaseUrl` whose schema is migrated (what the command-line tools open); closed again if that fails. */
export async function openMigratedPool(databaseUrl: string): Promise<pg.Pool> {
  const pool = createPool(databaseUrl);
  try {
    await migrate(pool);
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  return pool;
}

/** Applies the versioned migrations not applied yet, one replica at a time. */
export async function migrate(pool: pg.Pool): Promise<number[]> {
  return inTransaction(pool, async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtext('econtrade-migrations'))");
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations ' +
        '(version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
    );
    const applied: number[] = [];
    for (const m of migrationFiles('migrations/')) {
      if (done.has(m.version)) continue;
      await client.query(m.sql);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [m.version]);
      applied.push(m.version);
    }
    return applied;
  });
}

/** The channel the key triggers notify (migrations/006_key_change_notices.sql). */
const KEYS_CHANGED_CHANNEL = 'api_keys_changed';

/**
 * Keys of the distributed mode: every replica reloads the (small) key table when
 * PostgreSQL notifies a change (at the writer's commit), and every `pollMs` in case a
 * notice was missed while its connection was down, so a revocation reaches all of
 * them within that time at worst. When PostgreSQL
 * is unreachable the last loaded keys stay in force; paid calls still need the
 * ledger, so nothing is served unrecorded.
 */
export class PgKeyStore implements KeyStore {
  private byHash = new Map<string, ApiKeyRecord>();
  private loaded = false;
  private readonly misses = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private listener: pg.PoolClient | undefined;
  private closed = false;
  /** A reload in flight, and whether another must follow it (a change came in meanwhile). */
  private reloading: Promise<void> | undefined;
  private reloadAgain = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly pollMs = 500,
  ) {}

  async start(): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => this.reloadSoon(), this.pollMs);
    this.timer.unref();
    await this.listen().catch(() => this.listenLater());
  }

  /** Holds one connection that LISTENs for key changes; when it breaks, listens again a second later. */
  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = await this.pool.connect();
    client.on('notification', () => this.reloadSoon());
    client.on('error', (err) => {
      if (this.listener !== client) return;
      this.listener = undefined;
      client.release(err);
      this.listenLater();
    });
    try {
      await client.query(`LISTEN ${KEYS_CHANGED_CHANNEL}`);
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    this.listener = client;
    // A change committed while no connection listened: the next poll has it, or this one.
    this.reloadSoon();
  }

  private listenLater(): void {
    if (this.closed) return;
    setTimeout(() => {
      this.listen().catch(() => this.listenLater());
    }, 1000).unref();
  }

  /** Reloads now, or right after the reload in flight (which may have read the table before the change). */
  private reloadSoon(): void {
    if (this.reloading) {
      this.reloadAgain = true;
      return;
    }
    this.reloading = this.reload()
      .catch(() => undefined)
      .finally(() => {
        this.reloading = undefined;
        if (this.reloadAgain) {
          this.reloadAgain = false;
          this.reloadSoon();
        }
      });
  }

  private async reload(): Promise<void> {
    const r = await this.pool.query<PgRows['key']>(`SELECT * FROM api_keys WHERE ${ACTIVE_KEYS}`);
    const rows = r.rows.map(PG_ROWS.storedKey);
    this.byHash = new Map(rows.map((k) => [k.hash, keyRecord(k)]));
    this.loaded = true;
  }

  async lookup(presentedKey: string): Promise<ApiKeyRecord | null> {
    if (!this.loaded) throw new Error('API keys not loaded yet: PostgreSQL unreachable');
    const hash = hashKey(presentedKey);
    const known = this.byHash.get(hash);
    if (known) return known;
    // A key created since the last reload works at once; unknown hashes are
    // remembered for a second so a flood of bad keys does not reach the database.
    const now = Date.now();
    if ((this.misses.get(hash) ?? 0) > now) return null;
    const r = await this.pool.query<PgRows['key']>(`SELECT * FROM api_keys WHERE key_hash = $1 AND ${ACTIVE_KEYS}`, [
      hash,
    ]);
    if (r.rows[0]) {
      const k = PG_ROWS.storedKey(r.rows[0]);
      const record = keyRecord(k);
      this.byHash.set(hash, record);
      return record;
    }
    if (this.misses.size > 10_000) this.misses.clear();
    this.misses.set(hash, now + 1000);
    return null;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    // Destroyed, not returned to the pool: it is still listening.
    this.listener?.release(true);
    this.listener = undefined;
  }
}

/**
 * The quota and rate columns of a new key: those an admin set for its account, else
 * $4–$6 (the request's own, or the service defaults).
 */
const LIMITS_OF_ACCOUNT = limitsOfAccount(['$4', '$5::integer', '$6::integer']);

export class PgKeyAdmin implements KeyAdmin {
  constructor(private readonly pool: pg.Pool) {}

  async create(input: NewKey): Promise<{ key: string; record: StoredKey }> {
    const key = generateKey();
    // FOR SHARE waits for an admin's change of the account's limits in flight, then reads it.
    const r = await this.pool.query<PgRows['key']>(
      'INSERT INTO api_keys (id, name, key_hash, quota, rate_requests, rate_window_s, account_id, key_prefix) ' +
        `SELECT $1, $2, $3, ${LIMITS_OF_ACCOUNT}, a.id, $7 FROM accounts a WHERE a.id = $8 FOR SHARE RETURNING *`,
      [
        generateKeyId(),
        input.name,
        hashKey(key),
        input.quota,
        input.rate?.requests ?? null,
        input.rate?.windowS ?? null,
        keyDisplayPrefix(key),
        input.accountId ?? OPERATOR_ACCOUNT_ID,
      ],
    );
    if (!r.rows[0]) throw new Error(`there is no account ${input.accountId}`);
    return { key, record: PG_ROWS.storedKey(r.rows[0]) };
  }

  async list(period: string): Promise<ListedKey[]> {
    const r = await this.pool.query<PgRows['key'] & { credits: string; calls: string }>(
      `SELECT k.*, coalesce(sum(u.credits), 0)::bigint AS credits, coalesce(sum(u.calls), 0)::bigint AS calls
       FROM api_keys k LEFT JOIN usage_daily_recorded u ON u.key_id = k.id
         AND u.day >= ($1::text || '-01')::date AND u.day < ($1::text || '-01')::date + interval '1 month'
       GROUP BY k.id ORDER BY k.created_at, k.id`,
      [period],
    );
    return r.rows.map((row) => {
      const { hash: _hash, ...k } = PG_ROWS.storedKey(row);
      return { ...k, usage: { credits: Number(row.credits), calls: Number(row.calls) } };
    });
  }

  async revoke(id: string): Promise<boolean> {
    const r = await this.pool.query('UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1', [id]);
    return (r.rowCount ?? 0) > 0;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
