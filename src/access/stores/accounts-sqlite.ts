import type { SqliteDatabase } from '../sqlite/driver.js';
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
import { periodDays } from '../sqlite/days.js';
import { SqliteKeyAdmin } from './sqlite.js';
import { DelegatingAccountStore } from './delegating-account-store.js';
import { SqliteEmailTokens } from './email-tokens-sqlite.js';
import { SQLITE_ROWS, type SqliteRows } from './rows.js';
import { ACCOUNT_COLUMNS, LIMIT_COLUMNS } from './sql.js';

/** Accounts, sessions and account-scoped keys in the embedded state database. */
export class SqliteAccountStore extends DelegatingAccountStore implements AccountStore {
  constructor(private readonly db: SqliteDatabase) {
    super(new SqliteKeyAdmin(db), new SqliteEmailTokens(db));
  }

  async createAccount(email: string, passwordHash: string, { role, limits }: NewAccount): Promise<Account | null> {
    const now = new Date().toISOString();
    const { quota = null, rate = null } = limits ?? {};
    const row = this.db
      .prepare<unknown[], SqliteRows['account']>(
        'INSERT INTO accounts (id, email, password_hash, role, created_at, ' +
          'key_quota, key_rate_requests, key_rate_window_s, limits_set_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ' +
          `ON CONFLICT (email) DO NOTHING RETURNING ${ACCOUNT_COLUMNS}`,
      )
      .get(
        generateAccountId(),
        normaliseEmail(email),
        passwordHash,
        role,
        now,
        quota,
        rate?.requests ?? null,
        rate?.windowS ?? null,
        limits ? now : null,
      );
    return row ? SQLITE_ROWS.account(row) : null;
  }

  async findAccountByEmail(email: string): Promise<AccountWithPassword | null> {
    const row = this.db
      .prepare<[string], SqliteRows['account']>(
        `SELECT ${ACCOUNT_COLUMNS}, password_hash FROM accounts WHERE email = ?`,
      )
      .get(normaliseEmail(email));
    return row ? { ...SQLITE_ROWS.account(row), passwordHash: row.password_hash } : null;
  }

  async accountById(id: string): Promise<Account | null> {
    const row = this.db
      .prepare<[string], SqliteRows['account']>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = ?`)
      .get(id);
    return row ? SQLITE_ROWS.account(row) : null;
  }

  async listAccounts(period: string, accountId?: string): Promise<ListedAccount[]> {
    const [first, last] = periodDays(period);
    const rows = this.db
      .prepare<[{ first: string; last: string; id: string | null }], SqliteRows['listedAccount']>(
        `SELECT a.id, a.email, a.role, a.created_at, a.disabled_at, ${LIMIT_COLUMNS},
           (SELECT count(*) FROM api_keys k WHERE k.account_id = a.id AND k.revoked_at IS NULL) AS active,
           (SELECT count(*) FROM api_keys k WHERE k.account_id = a.id AND k.revoked_at IS NOT NULL) AS revoked,
           coalesce(sum(d.credits), 0) AS credits, coalesce(sum(d.calls), 0) AS calls
         FROM accounts a LEFT JOIN api_keys k ON k.account_id = a.id
           LEFT JOIN usage_daily d ON d.key_id = k.id AND d.day BETWEEN @first AND @last
         WHERE @id IS NULL OR a.id = @id
         GROUP BY a.id ORDER BY a.created_at, a.id`,
      )
      .all({ first, last, id: accountId ?? null });
    return rows.map((r) => SQLITE_ROWS.listedAccount(r));
  }

  async accountLimits(accountId: string): Promise<AccountLimits | null> {
    const row = this.db
      .prepare<[string], SqliteRows['limits']>(`SELECT ${LIMIT_COLUMNS} FROM accounts WHERE id = ?`)
      .get(accountId);
    return row ? SQLITE_ROWS.limits(row) : null;
  }

  async setAccountLimits(accountId: string, { quota, rate }: AccountLimits): Promise<boolean> {
    const values = [quota, rate?.requests ?? null, rate?.windowS ?? null] as const;
    return this.db.transaction(() => {
      const r = this.db
        .prepare(
          'UPDATE accounts SET key_quota = ?, key_rate_requests = ?, key_rate_window_s = ?, limits_set_at = ? ' +
            'WHERE id = ?',
        )
        .run(...values, new Date().toISOString(), accountId);
      if (r.changes === 0) return false;
      this.db
        .prepare('UPDATE api_keys SET quota = ?, rate_requests = ?, rate_window_s = ? WHERE account_id = ?')
        .run(...values, accountId);
      return true;
    })();
  }

  async setAccountDisabled(id: string, disabled: boolean): Promise<boolean> {
    const r = this.db
      .prepare('UPDATE accounts SET disabled_at = CASE WHEN ? THEN coalesce(disabled_at, ?) END WHERE id = ?')
      .run(disabled ? 1 : 0, new Date().toISOString(), id);
    return r.changes > 0;
  }

  async createSession(tokenHash: string, accountId: string, expiresAt: Date): Promise<void> {
    const now = new Date().toISOString();
    this.db
      .prepare(
        'INSERT INTO sessions (token_hash, account_id, created_at, expires_at, last_seen_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(tokenHash, accountId, now, expiresAt.toISOString(), now);
  }

  async sessionAccount(tokenHash: string, now: Date): Promise<Account | null> {
    const at = now.toISOString();
    const row = this.db
      .prepare<[string, string], SqliteRows['account']>(
        `SELECT a.id, a.email, a.role, a.created_at, a.disabled_at FROM sessions s
         JOIN accounts a ON a.id = s.account_id
         WHERE s.token_hash = ? AND s.expires_at > ? AND a.disabled_at IS NULL`,
      )
      .get(tokenHash, at);
    if (!row) return null;
    this.db
      .prepare('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ? AND last_seen_at <= ?')
      .run(at, tokenHash, new Date(now.getTime() - SESSION_TOUCH_EVERY_MS).toISOString());
    return SQLITE_ROWS.account(row);
  }

  async deleteSession(tokenHash: string): Promise<void> {
    this.db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(tokenHash);
  }

  async deleteSessionsOf(accountId: string): Promise<void> {
    this.db.prepare('DELETE FROM sessions WHERE account_id = ?').run(accountId);
  }

  async deleteExpiredSessions(now: Date): Promise<number> {
    return this.db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(now.toISOString()).changes;
  }

  async listKeys(accountId: string, period: string): Promise<AccountKey[]> {
    const [first, last] = periodDays(period);
    const rows = this.db
      .prepare<[string, string, string], SqliteRows['accountKey']>(
        `SELECT k.id, k.name, k.key_prefix, k.created_at, k.revoked_at, k.quota, k.rate_requests, k.rate_window_s,
           (SELECT max(day) FROM usage_daily WHERE key_id = k.id) AS last_used_day,
           coalesce(sum(d.credits), 0) AS credits, coalesce(sum(d.calls), 0) AS calls
         FROM api_keys k LEFT JOIN usage_daily d ON d.key_id = k.id AND d.day BETWEEN ? AND ?
         WHERE k.account_id = ?
         GROUP BY k.id ORDER BY k.created_at, k.rowid`,
      )
      .all(first, last, accountId);
    return rows.map((r) => SQLITE_ROWS.accountKey(r, period));
  }

  async revokeKey(accountId: string, keyId: string): Promise<boolean> {
    const r = this.db
      .prepare('UPDATE api_keys SET revoked_at = coalesce(revoked_at, ?) WHERE id = ? AND account_id = ?')
      .run(new Date().toISOString(), keyId, accountId);
    return r.changes > 0;
  }

  async usageByDay(accountId: string, fromDay: string): Promise<DailyUsage[]> {
    return this.db
      .prepare<[string, string], DailyUsage>(
        `SELECT d.day, d.operation, sum(d.calls) AS calls, sum(d.credits) AS credits
         FROM usage_daily d JOIN api_keys k ON k.id = d.key_id
         WHERE k.account_id = ? AND d.day >= ?
         GROUP BY d.day, d.operation ORDER BY d.day, d.operation`,
      )
      .all(accountId, fromDay);
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
