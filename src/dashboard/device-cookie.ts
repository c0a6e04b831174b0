import type { FastifyReply, FastifyRequest } from 'fastify';
import { signedToken, signedTokenValid, tokenNonce } from '../access/accounts/signed-tokens.js';
import { normaliseEmail, type AccountWithPassword } from '../access/accounts/store.js';
import { DEVICE_COOKIE, cookieOf, setCookie } from './cookies.js';
import { secretOf } from './session.js';

/**
 * The device cookie of a browser where an account signed in: a token signed for that
 * account's address and its password hash as it was then, kept a year. Sign-in failures
 * from elsewhere do not lock such a browser out (see `SignInThrottle`). It opens
 * nothing by itself. Setting a new password (a reset) gives a new hash (a new salt,
 * even for the same password), so every device cookie issued before it stops counting.
 */
const DEVICE_MAX_AGE_S = 365 * 24 * 3600;

/** Who a device cookie is for; the password hash enters the HMAC only, never the cookie. */
type DeviceAccount = Pick<AccountWithPassword, 'email' | 'passwordHash'>;

const purpose = (account: DeviceAccount) =>
  account.email && account.passwordHash
    ? `device ${normaliseEmail(account.email)}\n${account.passwordHash}`
    : undefined;

/**
 * The id of the request's device cookie when it was issued for `account` since its
 * password was last set, else undefined.
 */
export function deviceOf(request: FastifyRequest, account: DeviceAccount): string | undefined {
  const token = cookieOf(request, DEVICE_COOKIE);
  const of = purpose(account);
  return of && signedTokenValid(secretOf(request), of, token) ? tokenNonce(token) : undefined;
}

/** Gives the browser a new device cookie for `account`, after a successful sign-in. */
export function issueDeviceCookie(request: FastifyRequest, reply: FastifyReply, account: DeviceAccount): void {
  const of = purpose(account);
  if (!of) return;
  setCookie(reply, { name: DEVICE_COOKIE, value: signedToken(secretOf(request), of), maxAgeS: DEVICE_MAX_AGE_S });
}
