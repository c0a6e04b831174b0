import type pg from 'pg';
import {
  generateAccountId,
  newAccountKey,
  normaliseEmail,
  type Account,
  type AccountKey,
  type AccountLimits,
  type AccountRole,
  type AccountStore,
  type AccountWithPassword,
  type DailyUsage,
  type ListedAccount,
  type NewAccountKey,
} from '../accounts/store.js';
import { PgKeyAdmin } from './postgres.js';
import type { EmailTokenPurpose, StoredEmailToken } from '../accounts/email-tokens.js';
import { PgEmailTokens } from './email-tokens-postgres.js';

interface AccountRow {
  id: string;
  email: string | null;
  password_hash: string | null;
  role: AccountRole;
  created_at: Date;
  disabled_at: Date | null;
}

interface AccountKeyRow {
  id: string;
  name: string;
  key_prefix: string | null;
  created_at: Date;
  revoked_at: Date | null;
  quota: string | null;
  rate_requests: number | null;
  rate_window_s: number | null;
  last_used_day: string | null;
  credits: string;
  calls: string;
}

interface LimitsRow {
  key_quota: string | null;
  key_rate_requests: number | null;
  key_rate_window_s: number | null;
  limits_set_at: Date | null;
}

const ACCOUNT_COLUMNS = 'id, email, role, created_at, disabled_at';
const LIMIT_COLUMNS = 'key_quota, key_rate_requests, key_rate_window_s, limits_set_at';

/** A session's last_seen_at is written at most this often, so that most requests write nothing. */
const TOUCH_EVERY_MS = 60_000;

function accountFrom(r: AccountRow): Account {
  return {
    id: r.id,
    email: r.email,
    role: r.role,
    createdAt: r.created_at.toISOString(),
    disabledAt: r.disabled_at ? r.disabled_at.toISOString() : null,
  };
}

function limitsFrom(r: LimitsRow): AccountLimits | null {
  if (r.limits_set_at === null) return null;
  const rate =
    r.key_rate_requests && r.key_rate_window_s ? { requests: r.key_rate_requests, windowS: r.key_rate_window_s } : null;
  return { quota: r.key_quota === null ? null : Number(r.key_quota), rate };
}

function keyFrom(r: AccountKeyRow, period: string): AccountKey {
  return {
    id: r.id,
    name: r.name,
    prefix: r.key_prefix,
    createdAt: r.created_at.toISOString(),
    lastUsedDay: r.last_used_day,
    status: r.revoked_at === null ? 'active' : 'revoked',
    revokedAt: r.revoked_at ? r.revoked_at.toISOString() : null,
    quota: r.quota === null ? null : Number(r.quota),
    rate: r.rate_requests && r.rate_window_s ? { requests: r.rate_requests, windowS: r.rate_window_s } : null,
    usage: { period, credits: Number(r.credits), calls: Number(r.calls) },
  };
}

/** Accounts, sessions and account-scoped keys in PostgreSQL (days are read as text: DATE would become a local Date). */
export class PgAccountStore implements AccountStore {
  private readonly keys: PgKeyAdmin;
  /** Verified addresses and the tokens of mailed links. */
  private readonly mail: PgEmailTokens;

  constructor(private readonly pool: pg.Pool) {
    this.keys = new PgKeyAdmin(pool);
    this.mail = new PgEmailTokens(pool);
  }

  async createAccount(email: string, passwordHash: string, role: 'user' | 'admin'): Promise<Account | null> {
    const r = await this.pool.query<AccountRow>(
      'INSERT INTO accounts (id, email, password_hash, role) VALUES ($1, $2, $3, $4) ' +
        `ON CONFLICT (email) DO NOTHING RETURNING ${ACCOUNT_COLUMNS}`,
      [generateAccountId(), normaliseEmail(email), passwordHash, role],
    );
    return r.rows[0] ? accountFrom(r.rows[0]) : null;
  }

  async findAccountByEmail(email: string): Promise<AccountWithPassword | null> {
    const r = await this.pool.query<AccountRow>(
      `SELECT ${ACCOUNT_COLUMNS}, password_hash FROM accounts WHERE email = $1`,
      [normaliseEmail(email)],
    );
    const row = r.rows[0];
    return row ? { ...accountFrom(row), passwordHash: row.password_hash } : null;
  }

  async accountById(id: string): Promise<Account | null> {
    const r = await this.pool.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = $1`, [id]);
    return r.rows[0] ? accountFrom(r.rows[0]) : null;
  }

  async listAccounts(period: string, accountId?: string): Promise<ListedAccount[]> {
    type Row = AccountRow & LimitsRow & { active: string; revoked: string; credits: string; calls: string };
    const r = await this.pool.query<Row>(
      `SELECT a.id, a.email, a.role, a.created_at, a.disabled_at, a.key_quota, a.key_rate_requests,
         a.key_rate_window_s, a.limits_set_at,
         (SELECT count(*) FROM api_keys k WHERE k.account_id = a.id AND k.revoked_at IS NULL) AS active,
         (SELECT count(*) FROM api_keys k WHERE k.account_id = a.id AND k.revoked_at IS NOT NULL) AS revoked,
         coalesce(sum(d.credits), 0)::bigint AS credits, coalesce(sum(d.calls), 0)::bigint AS calls
       FROM accounts a LEFT JOIN api_keys k ON k.account_id = a.id
         LEFT JOIN usage_daily d ON d.key_id = k.id
           AND d.day >= ($1::text || '-01')::date AND d.day < ($1::text || '-01')::date + interval '1 month'
       WHERE $2::text IS NULL OR a.id = $2::text
       GROUP BY a.id ORDER BY a.created_at, a.id`,
      [period, accountId ?? null],
    );
    return r.rows.map((row) => ({
      ...accountFrom(row),
      keys: { active: Number(row.active), revoked: Number(row.revoked) },
      limits: limitsFrom(row),
      usage: { credits: Number(row.credits), calls: Number(row.calls) },
    }));
  }

  async accountLimits(accountId: string): Promise<AccountLimits | null> {
    const r = await this.pool.query<LimitsRow>(`SELECT ${LIMIT_COLUMNS} FROM accounts WHERE id = $1`, [accountId]);
    return r.rows[0] ? limitsFrom(r.rows[0]) : null;
  }

  async setAccountLimits(accountId: string, { quota, rate }: AccountLimits): Promise<boolean> {
    const values = [quota, rate?.requests ?? null, rate?.windowS ?? null, accountId];
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
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
      await client.query('COMMIT');
      return (r.rowCount ?? 0) > 0;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
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
    const r = await this.pool.query<AccountRow>(
      `SELECT a.id, a.email, a.role, a.created_at, a.disabled_at FROM sessions s
       JOIN accounts a ON a.id = s.account_id
       WHERE s.token_hash = $1 AND s.expires_at > $2 AND a.disabled_at IS NULL`,
      [tokenHash, now],
    );
    if (!r.rows[0]) return null;
    await this.pool.query('UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2 AND last_seen_at <= $3', [
      now,
      tokenHash,
      new Date(now.getTime() - TOUCH_EVERY_MS),
    ]);
    return accountFrom(r.rows[0]);
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

  async createKey(accountId: string, { name, defaults }: NewAccountKey): Promise<{ key: string; record: AccountKey }> {
    const { key, record } = await this.keys.create({ name, ...defaults, accountId });
    return { key, record: newAccountKey(record, key) };
  }

  async listKeys(accountId: string, period: string): Promise<AccountKey[]> {
    const r = await this.pool.query<AccountKeyRow>(
      `SELECT k.id, k.name, k.key_prefix, k.created_at, k.revoked_at, k.quota, k.rate_requests, k.rate_window_s,
         (SELECT max(day)::text FROM usage_daily WHERE key_id = k.id) AS last_used_day,
         coalesce(sum(d.credits), 0)::bigint AS credits, coalesce(sum(d.calls), 0)::bigint AS calls
       FROM api_keys k LEFT JOIN usage_daily d ON d.key_id = k.id
         AND d.day >= ($2::text || '-01')::date AND d.day < ($2::text || '-01')::date + interval '1 month'
       WHERE k.account_id = $1
       GROUP BY k.id ORDER BY k.created_at, k.id`,
      [accountId, period],
    );
    return r.rows.map((row) => keyFrom(row, period));
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
       FROM usage_daily d JOIN api_keys k ON k.id = d.key_id
       WHERE k.account_id = $1 AND d.day >= $2::date
       GROUP BY d.day, d.operation ORDER BY d.day, d.operation`,
      [accountId, fromDay],
    );
    return r.rows.map((row) => ({ ...row, calls: Number(row.calls), credits: Number(row.credits) }));
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  isEmailVerified(accountId: string): Promise<boolean> {
    return this.mail.isEmailVerified(accountId);
  }

  markEmailVerified(accountId: string): Promise<void> {
    return this.mail.markEmailVerified(accountId);
  }

  createEmailToken(token: StoredEmailToken): Promise<void> {
    return this.mail.createEmailToken(token);
  }

  emailTokenAccount(hash: string, purpose: EmailTokenPurpose, now: Date): Promise<string | null> {
    return this.mail.emailTokenAccount(hash, purpose, now);
  }

  verifyEmail(hash: string, now: Date): Promise<string | null> {
    return this.mail.verifyEmail(hash, now);
  }

  resetPassword(hash: string, passwordHash: string, now: Date): Promise<string | null> {
    return this.mail.resetPassword(hash, passwordHash, now);
  }
}
