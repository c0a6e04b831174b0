import type { RateLimiter } from '../rate-limit/index.js';
import { clientKey } from './client-key.js';
import { normaliseEmail } from './store.js';

/**
 * Sign-in attempts allowed within the window: per client (a sweep over many accounts;
 * a client is an IPv4 address or an IPv6 /64, see `clientKey`), per account and client
 * (guessing one password from one place), per account from clients it never signed in
 * from (guessing from many places), and per device cookie (a browser where the account
 * signed in since its password was last set).
 */
export interface SignInLimits {
  perClient: number;
  perAccountClient: number;
  perAccount: number;
  perDevice: number;
  windowS: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perClient: 30,
  perAccountClient: 10,
  perAccount: 10,
  perDevice: 10,
  windowS: 15 * 60,
};

/** Attempts on one account within the window before a failed one is answered late. */
const FREE_ATTEMPTS = 3;
const DELAY_STEP_MS = 200;
const MAX_DELAY_MS = 2000;

export interface SignInVerdict {
  /** Seconds to wait when the attempt is refused, else 0. */
  waitS: number;
  /** How late to answer if the attempt fails: it grows with the attempts on the account. */
  failureDelayMs: number;
}

/**
 * Who attempts: the address typed, the client's address, and the device cookie's id
 * when it is this account's (and was issued since its password was last set).
 */
export interface SignInAttempt {
  email: string;
  client: string;
  device?: string;
}

/**
 * Throttling of sign-ins on the sliding windows of the API's rate limits (in memory
 * for one process, in Redis across replicas), after OWASP's device cookies: failures
 * from elsewhere can lock an account only for clients it never signed in from. A
 * browser holding the account's device cookie is counted by that cookie instead, so
 * its owner still gets in while someone else hammers the account. Every attempt
 * counts, not only failures: checking before the password is verified needs no
 * second look at the window, and a person signs in far fewer times than the limits allow.
 */
export class SignInThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
  ) {}

  /** Records an attempt: whether it must be refused, and how much to slow it down if it fails. */
  async attempt(who: SignInAttempt, attemptId: string): Promise<SignInVerdict> {
    const { perClient, perAccountClient, perAccount, perDevice, windowS } = this.limits;
    const email = normaliseEmail(who.email);
    const client = clientKey(who.client);
    const account = who.device
      ? { keyId: `sign-in:device:${who.device}`, limit: perDevice }
      : { keyId: `sign-in:account:${email}`, limit: perAccount };
    const windows = [
      account,
      { keyId: `sign-in:account-client:${email}:${client}`, limit: perAccountClient },
      { keyId: `sign-in:client:${client}`, limit: perClient },
    ];
    let waitS = 0;
    let failureDelayMs = 0;
    for (const w of windows) {
      const decision = await this.limiter.hit({ ...w, windowS, requestId: attemptId });
      if (!decision.allowed) waitS = Math.max(waitS, decision.resetS, 1);
      const made = decision.limit - decision.remaining;
      if (w === account && made > FREE_ATTEMPTS) {
        failureDelayMs = Math.min(MAX_DELAY_MS, (made - FREE_ATTEMPTS) * DELAY_STEP_MS);
      }
    }
    return { waitS, failureDelayMs };
  }
}
