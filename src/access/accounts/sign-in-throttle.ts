import type { RateLimiter } from '../rate-limit/index.js';

/** Sign-in attempts allowed per account and per client address within the window. */
export interface SignInLimits {
  perAccount: number;
  perAddress: number;
  windowS: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { perAccount: 10, perAddress: 30, windowS: 15 * 60 };

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
 * Throttling of sign-ins, per account (guessing one password) and per address (a
 * sweep over many accounts), on the sliding windows of the API's rate limits (in
 * memory for one process, in Redis across replicas). Every attempt counts, not only
 * failures: checking before the password is verified needs no second look at the
 * window, and a person signs in far fewer times than the limits allow.
 */
export class SignInThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
  ) {}

  /** Records an attempt: whether it must be refused, and how much to slow it down if it fails. */
  async attempt(email: string, address: string, attemptId: string): Promise<SignInVerdict> {
    const { perAccount, perAddress, windowS } = this.limits;
    const windows = [
      { keyId: `sign-in:account:${email.trim().toLowerCase()}`, limit: perAccount },
      { keyId: `sign-in:address:${address}`, limit: perAddress },
    ];
    let waitS = 0;
    let failureDelayMs = 0;
    for (const w of windows) {
      const decision = await this.limiter.hit({ ...w, windowS, requestId: attemptId });
      if (!decision.allowed) waitS = Math.max(waitS, decision.resetS, 1);
      const made = decision.limit - decision.remaining;
      if (w === windows[0] && made > FREE_ATTEMPTS) {
        failureDelayMs = Math.min(MAX_DELAY_MS, (made - FREE_ATTEMPTS) * DELAY_STEP_MS);
      }
    }
    return { waitS, failureDelayMs };
  }
}
