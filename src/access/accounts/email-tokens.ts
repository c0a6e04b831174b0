import { createHash, randomBytes } from 'node:crypto';

/**
 * The tokens of the links the dashboard mails: 256 random bits in the link, and only
 * their SHA-256 in the state store, so a copy of the store opens no link. Each works
 * once, until it expires.
 */
export type EmailTokenPurpose = 'verify' | 'reset';

/** How long a link works: a day to verify an address, an hour to set a new password. */
export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = { verify: 24 * 3600_000, reset: 3600_000 };

/** A token as the store keeps it. */
export interface StoredEmailToken {
  hash: string;
  accountId: string;
  purpose: EmailTokenPurpose;
  expiresAt: Date;
}

/** What the store keeps of a token. */
export function emailTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A new token for `accountId`: the token for the link, and what the store keeps of it. */
export function newEmailToken(
  accountId: string,
  purpose: EmailTokenPurpose,
): { token: string; stored: StoredEmailToken } {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + EMAIL_TOKEN_TTL_MS[purpose]);
  return { token, stored: { hash: emailTokenHash(token), accountId, purpose, expiresAt } };
}

/** A token as links carry it (43 URL-safe base64 characters); anything else is no token. */
export function isEmailTokenShaped(token: unknown): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
}
