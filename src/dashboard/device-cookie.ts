import type { FastifyReply, FastifyRequest } from 'fastify';
import { signedToken, signedTokenValid, tokenNonce } from '../access/accounts/signed-tokens.js';
import { normaliseEmail } from '../access/accounts/store.js';
import { DEVICE_COOKIE, cookieOf, setCookie } from './cookies.js';
import { secretOf } from './session.js';

/**
 * The device cookie of a browser where an account signed in: a token signed for
 * that account's address, kept a year. Sign-in failures from elsewhere do not lock
 * such a browser out (see `SignInThrottle`). It opens nothing by itself.
 */
const DEVICE_MAX_AGE_S = 365 * 24 * 3600;
const purpose = (email: string) => `device ${normaliseEmail(email)}`;

/** The id of the request's device cookie when it was issued for the account of `email`, else undefined. */
export function deviceOf(request: FastifyRequest, email: string): string | undefined {
  const token = cookieOf(request, DEVICE_COOKIE);
  return signedTokenValid(secretOf(request), purpose(email), token) ? tokenNonce(token) : undefined;
}

/** Gives the browser a new device cookie for the account of `email`, after a successful sign-in. */
export function issueDeviceCookie(request: FastifyRequest, reply: FastifyReply, email: string): void {
  const value = signedToken(secretOf(request), purpose(email));
  setCookie(reply, { name: DEVICE_COOKIE, value, maxAgeS: DEVICE_MAX_AGE_S });
}
