import type pg from 'pg';
import type { EmailTokenPurpose, StoredEmailToken } from '../accounts/email-tokens.js';
import { inTransaction } from './pg-transaction.js';

/** Verified addresses and the tokens of mailed links, in PostgreSQL. */
export class PgEmailTokens {
  constructor(private readonly pool: pg.Pool) {}

  async isEmailVerified(accountId: string): Promise<boolean> {
    const r = await this.pool.query<{ verified: boolean }>(
      'SELECT email_verified_at IS NOT NULL AS verified FROM accounts WHERE id = $1',
      [accountId],
    );
    return r.rows[0]?.verified === true;
  }

  async markEmailVerified(accountId: string): Promise<void> {
    await markVerified(this.pool, accountId, new Date());
  }

  async createEmailToken({ hash, accountId, purpose, expiresAt }: StoredEmailToken): Promise<void> {
    await this.pool.query('DELETE FROM email_tokens WHERE expires_at <= now()');
    await this.pool.query(
      'INSERT INTO email_tokens (token_hash, account_id, purpose, expires_at) VALUES ($1, $2, $3, $4)',
      [hash, accountId, purpose, expiresAt],
    );
  }

  async emailTokenAccount(hash: string, purpose: EmailTokenPurpose, now: Date): Promise<string | null> {
    const r = await this.pool.query<{ account_id: string }>(
      'SELECT account_id FROM email_tokens ' +
        'WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3',
      [hash, purpose, now],
    );
    return r.rows[0]?.account_id ?? null;
  }

  async verifyEmail(hash: string, now: Date): Promise<string | null> {
    return inTransaction(this.pool, async (client) => {
      const accountId = await useToken(client, { hash, purpose: 'verify', now });
      if (accountId) await markVerified(client, accountId, now);
      return accountId;
    });
  }

  async resetPassword(hash: string, passwordHash: string, now: Date): Promise<string | null> {
    return inTransaction(this.pool, async (client) => {
      const accountId = await useToken(client, { hash, purpose: 'reset', now });
      if (!accountId) return null;
      await client.query('UPDATE accounts SET password_hash = $1 WHERE id = $2', [passwordHash, accountId]);
      await markVerified(client, accountId, now);
      await client.query('DELETE FROM sessions WHERE account_id = $1', [accountId]);
      return accountId;
    });
  }
}

/**
 * Marks the token used, and the account's other unused tokens of its purpose with it;
 * the account or null. Of two uses at once, the row lock lets one through.
 */
async function useToken(
  client: pg.PoolClient,
  { hash, purpose, now }: { hash: string; purpose: EmailTokenPurpose; now: Date },
): Promise<string | null> {
  const r = await client.query<{ account_id: string }>(
    'UPDATE email_tokens SET used_at = $1 ' +
      'WHERE token_hash = $2 AND purpose = $3 AND used_at IS NULL AND expires_at > $1 RETURNING account_id',
    [now, hash, purpose],
  );
  const accountId = r.rows[0]?.account_id;
  if (!accountId) return null;
  await client.query(
    'UPDATE email_tokens SET used_at = $1 WHERE account_id = $2 AND purpose = $3 AND used_at IS NULL',
    [now, accountId, purpose],
  );
  return accountId;
}

function markVerified(db: pg.Pool | pg.PoolClient, accountId: string, now: Date): Promise<unknown> {
  return db.query('UPDATE accounts SET email_verified_at = coalesce(email_verified_at, $1) WHERE id = $2', [
    now,
    accountId,
  ]);
}
