import type { SqliteDatabase } from '../sqlite/driver.js';
import type { EmailTokenPurpose, StoredEmailToken } from '../accounts/email-tokens.js';

/** Verified addresses and the tokens of mailed links, in the embedded state database. */
export class SqliteEmailTokens {
  constructor(private readonly db: SqliteDatabase) {}

  async isEmailVerified(accountId: string): Promise<boolean> {
    const row = this.db
      .prepare<[string], { verified: number }>(
        'SELECT email_verified_at IS NOT NULL AS verified FROM accounts WHERE id = ?',
      )
      .get(accountId);
    return row?.verified === 1;
  }

  async markEmailVerified(accountId: string): Promise<void> {
    this.markVerified(accountId, new Date());
  }

  async createEmailToken({ hash, accountId, purpose, expiresAt }: StoredEmailToken): Promise<void> {
    const now = new Date().toISOString();
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM email_tokens WHERE expires_at <= ?').run(now);
      this.db
        .prepare(
          'INSERT INTO email_tokens (token_hash, account_id, purpose, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
        )
        .run(hash, accountId, purpose, now, expiresAt.toISOString());
    })();
  }

  async emailTokenAccount(hash: string, purpose: EmailTokenPurpose, now: Date): Promise<string | null> {
    const row = this.db
      .prepare<[string, string, string], { account_id: string }>(
        'SELECT account_id FROM email_tokens ' +
          'WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?',
      )
      .get(hash, purpose, now.toISOString());
    return row?.account_id ?? null;
  }

  async verifyEmail(hash: string, now: Date): Promise<string | null> {
    return this.db.transaction(() => {
      const accountId = this.useToken(hash, 'verify', now);
      if (accountId) this.markVerified(accountId, now);
      return accountId;
    })();
  }

  async resetPassword(hash: string, passwordHash: string, now: Date): Promise<string | null> {
    return this.db.transaction(() => {
      const accountId = this.useToken(hash, 'reset', now);
      if (!accountId) return null;
      this.db.prepare('UPDATE accounts SET password_hash = ? WHERE id = ?').run(passwordHash, accountId);
      this.markVerified(accountId, now);
      this.db.prepare('DELETE FROM sessions WHERE account_id = ?').run(accountId);
      return accountId;
    })();
  }

  /** Marks the token used, and the account's other unused tokens of its purpose with it; the account or null. */
  private useToken(hash: string, purpose: EmailTokenPurpose, now: Date): string | null {
    const at = now.toISOString();
    const row = this.db
      .prepare<[string, string, string, string], { account_id: string }>(
        'UPDATE email_tokens SET used_at = ? ' +
          'WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ? RETURNING account_id',
      )
      .get(at, hash, purpose, at);
    if (!row) return null;
    this.db
      .prepare('UPDATE email_tokens SET used_at = ? WHERE account_id = ? AND purpose = ? AND used_at IS NULL')
      .run(at, row.account_id, purpose);
    return row.account_id;
  }

  private markVerified(accountId: string, now: Date): void {
    this.db
      .prepare('UPDATE accounts SET email_verified_at = coalesce(email_verified_at, ?) WHERE id = ?')
      .run(now.toISOString(), accountId);
  }
}
