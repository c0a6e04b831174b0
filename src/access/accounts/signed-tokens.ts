import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Tokens the server issues and later recognises without storing them: a random
 * nonce and an HMAC, under the server's secret, of the nonce and what the token is
 * for (its `purpose`, and for a device cookie the account's address). A client can
 * neither make one up nor move one to another purpose or account.
 */
const NONCE_BYTES = 16;
/** base64url of 16 bytes, a dot, base64url of a SHA-256 HMAC. */
const SHAPE = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

function mac(secret: Buffer, purpose: string, nonce: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${nonce}`).digest('base64url');
}

export function signedToken(secret: Buffer, purpose: string): string {
  const nonce = randomBytes(NONCE_BYTES).toString('base64url');
  return `${nonce}.${mac(secret, purpose, nonce)}`;
}

/** Whether `token` was issued by `signedToken(secret, purpose)`, compared in constant time. */
export function signedTokenValid(secret: Buffer, purpose: string, token: unknown): token is string {
  if (typeof token !== 'string' || !SHAPE.test(token)) return false;
  const [nonce, given] = token.split('.') as [string, string];
  const expected = Buffer.from(mac(secret, purpose, nonce));
  return timingSafeEqual(expected, Buffer.from(given));
}

/** The nonce of a valid token: an identifier of the token, to count its uses by. */
export const tokenNonce = (token: string): string => token.slice(0, token.indexOf('.'));
