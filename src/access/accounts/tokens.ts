import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Session and CSRF tokens. A session token is 256 random bits, given to the browser
 * in an HttpOnly cookie; the state store keeps only its SHA-256, so a copy of the
 * store opens no session. The CSRF token of a session is an HMAC of the session's
 * hash under the server's secret: forms carry it, a cross-site page cannot read it,
 * and it needs no storage.
 */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the store keeps of a session token. */
export function sessionHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function csrfToken(secret: Buffer, sessionHashValue: string): string {
  return createHmac('sha256', secret).update(`csrf:${sessionHashValue}`).digest('base64url');
}

/** Whether a presented CSRF token is the session's, compared in constant time. */
export function csrfTokenMatches(secret: Buffer, sessionHashValue: string, presented: unknown): boolean {
  if (typeof presented !== 'string' || presented.length > 128) return false;
  const expected = Buffer.from(csrfToken(secret, sessionHashValue));
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
