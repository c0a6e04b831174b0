import type pg from 'pg';
import {
  generateAccountId,
  normaliseEmail,
  SESSION_TOUCH_EVERY_MS,
  type Account,
  type AccountKey,
  type AccountLimits,
  type AccountStore,
  type AccountWithPassword,
  type NewAccount,
  type DailyUsage,
  type ListedAccount,
} from '../accounts/store.js';
import { PgKeyAdmin } from './postgres.js';
import { DelegatingAccountStore } from './delegating-account-store.js';
import { PgEmailTokens } from './email-tokens-postgres.js';
import { inTransaction } from './pg-transaction.js';
import { PG_ROWS, type PgRows } from './rows.js';
import { ACCOUNT_COLUMNS, LIMIT_COLUMNS } from './sql.js';

/** Accounts, sessions and account-scoped keys in PostgreSQL (days are read as text: DATE would become a local Date). */
export class PgAccountStore extends DelegatingAccountStore implements AccountStore {
  constructor(private readonly pool: pg.Pool) {
    super(new PgKeyAdmin(pool), new PgEmailTokens(pool));
  }

  async createAccount(email: string, passwordHash: string, { role, limits }: NewAccount): Promise<Account | null> {
    const { quota = null, rate = null } = limits ?? {};
    const r = await this.pool.query<PgRows['account']>(
      'INSERT INTO accounts (id, email, password_hash, role, key_quota, key_rate_requests, key_rate_window_s, ' +
        'limits_set_at) VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $8::boolean THEN now() END) ' +
        `ON CONFLICT (email) DO NOTHING RETURNING ${ACCOUNT_COLUMNS}`,
      [
        generateAccountId(),
        normaliseEmail(email),
        passwordHash,
        role,
        quota,
        rate?.requests ?? null,
        rate?.windowS ?? null,
        limits !== undefined,
      ],
    );
    return r.rows[0] ? PG_ROWS.account(r.rows[0]) : null;
  }

  async findAccountByEmail(email: string): Promise<AccountWithPassword | null> {
    const r = await this.pool.query<PgRows['account']>(
      `SELECT ${ACCOUNT_COLUMNS}, password_hash FROM accounts WHERE email = $1`,
      [normaliseEmail(email)],
    );
    const row = r.rows[0];
    return row ? { ...PG_ROWS.account(row), passwordHash: row.password_hash } : null;
  }

  async accountById(id: string): Promise<Account | null> {
    const r = await this.pool.query<PgRows['account']>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = $1`, [id]);
    return r.rows[0] ? PG_ROWS.account(r.rows[0]) : null;
  }

  async listAccounts(period: string, accountId?: string): Promise<ListedAccount[]> {
    const r = await this.pool.query<PgRows['listedAccount']>(
      `SELECT a.id, a.email, a.role, a.created_at, a.disabled_at, a.key_quota, a.key_rate_requests,
         a.key_rate_window_s, a.limits_set_at,
         (SELECT count(*) FROM api_keys k WHERE k.account_id = a.id AND k.revoked_at IS NULL) AS active,
         (SELECT count(*) FROM api_keys k WHERE k.account_id = a.id AND k.revoked_at IS NOT NULL) AS revoked,
         coalesce(sum(d.credits), 0)::bigint AS credits, coalesce(sum(d.calls), 0)::bigint AS calls
       FROM accounts a LEFT JOIN api_keys k ON k.account_id = a.id
         LEFT JOIN usage_daily_recorded d ON d.key_id = k.id
           AND d.day >= ($1::text || '-01')::date AND d.day < ($1::text || '-01')::date + interval '1 month'
       WHERE $2::text IS NULL OR a.id = $2::text
       GROUP BY a.id ORDER BY a.created_at, a.id`,
      [period, accountId ?? null],
    );
    return r.rows.map((row) => PG_ROWS.listedAccount(row));
  }

  async accountLimits(accountId: string): Promise<AccountLimits | null> {
    const r = await this.pool.query<PgRows['limits']>(`SELECT ${LIMIT_COLUMNS} FROM accounts WHERE id = $1`, [
      accountId,
    ]);
    return r.rows[0] ? PG_ROWS.limits(r.rows[0]) : null;
  }

  async setAccountLimits(accountId: string, { quota, rate }: AccountLimits): Promise<boolean> {
    const values = [quota, rate?.requests ?? null, rate?.windowS ?? null, accountId];
    return inTransaction(this.pool, async (client) => {
      const r = await client.query(
        'UPDATE accounts SET key_quota = $1, key_rate_requests = $2, key_rate_window_s = $3, limits_set_at = now() ' +
          'WHERE id = $4',
        values,
      );
      if (r.rowCount) {
        await client.query(
          'UPDATE api_keys SET quota = $1, rate_requests = $2, rate_window_s = $3 WHERE account_id = $4',
          values,
        );
      }
      return (r.rowCount ?? 0) > 0;
    });
  }

  async setAccountDisabled(id: string, disabled: boolean): Promise<boolean> {
    const r = await this.pool.query(
      'UPDATE accounts SET disabled_at = CASE WHEN $1 THEN coalesce(disabled_at, now()) END WHERE id = $2',
      [disabled, id],
    );
    return (r.rowCount ?? 0) > 0;
  }

  async createSession(tokenHash: string, accountId: string, expiresAt: Date): Promise<void> {
    await this.pool.query('INSERT INTO sessions (token_hash, account_id, expires_at) VALUES ($1, $2, $3)', [
      tokenHash,
      accountId,
      expiresAt,
    ]);
  }

  async sessionAccount(tokenHash: string, now: Date): Promise<Account | null> {
    const r = await this.pool.query<PgRows['account']>(
      `SELECT a.id, a.email, a.role, a.created_at, a.disabled_at FROM sessions s
       JOIN accounts a ON a.id = s.account_id
       WHERE s.token_hash = $1 AND s.expires_at > $2 AND a.disabled_at IS NULL`,
      [tokenHash, now],
    );
    if (!r.rows[0]) return null;
    await this.pool.query('UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2 AND last_seen_at <= $3', [
      now,
      tokenHash,
      new Date(now.getTime() - SESSION_TOUCH_EVERY_MS),
    ]);
    return PG_ROWS.account(r.rows[0]);
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
  }

  async deleteSessionsOf(accountId: string): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE account_id = $1', [accountId]);
  }

  async deleteExpiredSessions(now: Date): Promise<number> {
    return (await this.pool.query('DELETE FROM sessions WHERE expires_at <= $1', [now])).rowCount ?? 0;
  }

  async listKeys(accountId: string, period: string): Promise<AccountKey[]> {
    const r = await this.pool.query<PgRows['accountKey']>(
      `SELECT k.id, k.name, k.key_prefix, k.created_at, k.revoked_at, k.quota, k.rate_requests, k.rate_window_s,
         (SELECT max(day)::text FROM usage_daily_recorded WHERE key_id = k.id) AS last_used_day,
         coalesce(sum(d.credits), 0)::bigint AS credits, coalesce(sum(d.calls), 0)::bigint AS calls
       FROM api_keys k LEFT JOIN usage_daily_recorded d ON d.key_id = k.id
         AND d.day >= ($2::text || '-01')::date AND d.day < ($2::text || '-01')::date + interval '1 month'
       WHERE k.account_id = $1
       GROUP BY k.id ORDER BY k.created_at, k.id`,
      [accountId, period],
    );
    return r.rows.map((row) => PG_ROWS.accountKey(row, period));
  }

  async revokeKey(accountId: string, keyId: string): Promise<boolean> {
    const r = await this.pool.query(
      'UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1 AND account_id = $2',
      [keyId, accountId],
    );
    return (r.rowCount ?? 0) > 0;
  }

  async usageByDay(accountId: string, fromDay: string): Promise<DailyUsage[]> {
    const r = await this.pool.query<{ day: string; operation: string; calls: string; credits: string }>(
      `SELECT d.day::text AS day, d.operation, sum(d.calls)::bigint AS calls, sum(d.credits)::bigint AS credits
       FROM usage_daily_recorded d JOIN api_keys k ON k.id = d.key_id
       WHERE k.account_id = $1 AND d.day >= $2::date
       GROUP BY d.day, d.operation ORDER BY d.day, d.operation`,
      [accountId, fromDay],
    );
    return r.rows.map((row) => ({ ...row, calls: Number(row.calls), credits: Number(row.credits) }));
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
