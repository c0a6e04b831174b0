import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account, AccountStore } from '../access/accounts/store.js';
import { signedToken, signedTokenValid } from '../access/accounts/signed-tokens.js';
import { csrfToken, csrfTokenMatches, newSessionToken, sessionHash } from '../access/accounts/tokens.js';
import { PRE_CSRF_COOKIE, SESSION_COOKIE, SESSION_MAX_AGE_S, cookieOf, setCookie } from './cookies.js';
import { PageError } from './errors.js';

export interface SignedIn {
  account: Account;
  /** The CSRF token of this session, for the page's forms. */
  csrf: string;
  hash: string;
}

/** The form fields of a POST (the dashboard's parser gives URLSearchParams). */
export function formOf(request: FastifyRequest): URLSearchParams {
  return request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
}

/** Expired sessions are deleted at a sign-in, at most this often per process. */
const SWEEP_EVERY_MS = 3600_000;

export class Sessions {
  private lastSweep = 0;

  constructor(
    private readonly accounts: AccountStore,
    private readonly secret: () => Promise<Buffer>,
  ) {}

  /** The signed-in account of the request, or null (no cookie, unknown or expired session, disabled account). */
  async current(request: FastifyRequest): Promise<SignedIn | null> {
    const token = cookieOf(request, SESSION_COOKIE);
    if (!token || token.length > 128) return null;
    const hash = sessionHash(token);
    const account = await this.accounts.sessionAccount(hash, new Date());
    return account ? { account, hash, csrf: csrfToken(await this.secret(), hash) } : null;
  }

  /**
   * The signed-in account of a page (with the CSRF check of a POST), or null once the
   * answer is a redirect to the sign-in page.
   */
  async orSignIn(request: FastifyRequest, reply: FastifyReply, method: 'get' | 'post'): Promise<SignedIn | null> {
    const signedIn = method === 'post' ? await this.forPost(request) : await this.current(request);
    if (!signedIn) void reply.redirect('/dashboard/login', 303);
    return signedIn;
  }

  /** The signed-in account, after checking the CSRF field of a POST; 403 when it is missing or wrong. */
  async forPost(request: FastifyRequest): Promise<SignedIn | null> {
    const signedIn = await this.current(request);
    if (!signedIn) return null;
    if (!csrfTokenMatches(await this.secret(), signedIn.hash, formOf(request).get('csrf'))) throw csrfRefused();
    return signedIn;
  }

  /**
   * Opens a new session: a new token every time (the one from before sign-in, if
   * any, is deleted), so a token planted in a browser before sign-in is worth nothing after.
   */
  async open(request: FastifyRequest, reply: FastifyReply, accountId: string): Promise<void> {
    await this.close(request, reply);
    if (Date.now() - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = Date.now();
      await this.accounts.deleteExpiredSessions(new Date());
    }
    const token = newSessionToken();
    await this.accounts.createSession(sessionHash(token), accountId, new Date(Date.now() + SESSION_MAX_AGE_S * 1000));
    setCookie(reply, { name: SESSION_COOKIE, value: token, maxAgeS: SESSION_MAX_AGE_S });
  }

  async close(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = cookieOf(request, SESSION_COOKIE);
    if (!token) return;
    if (token.length <= 128) await this.accounts.deleteSession(sessionHash(token));
    setCookie(reply, { name: SESSION_COOKIE, value: '', maxAgeS: 0 });
  }
}

function csrfRefused(): PageError {
  return new PageError(403, 'This form has expired or did not come from this site. Reload the page and try again.');
}

/** The server's secret, kept with each dashboard request (see `rememberSecret`). */
const secrets = new WeakMap<FastifyRequest, Buffer>();

/** Keeps the server's secret with a request, so its tokens are made and checked without waiting. */
export function rememberSecret(request: FastifyRequest, secret: Buffer): void {
  secrets.set(request, secret);
}

export function secretOf(request: FastifyRequest): Buffer {
  const secret = secrets.get(request);
  if (!secret) throw new Error('the dashboard secret was not loaded for this request');
  return secret;
}

const PRE_SIGN_IN = 'pre-sign-in csrf';

/**
 * The double-submit token of the forms used before any session exists (sign-up,
 * sign-in, password reset): the same value in an HttpOnly cookie and in the form. The
 * value is one the server issued (signed under its secret), so a cookie planted by
 * someone else is not taken; a cross-site page can neither read the cookie nor make
 * the browser send it (SameSite=Strict), and its forms fail the Origin check too.
 */
export function preSignInToken(request: FastifyRequest, reply: FastifyReply): string {
  const secret = secretOf(request);
  const existing = cookieOf(request, PRE_CSRF_COOKIE);
  if (signedTokenValid(secret, PRE_SIGN_IN, existing)) return existing;
  const token = signedToken(secret, PRE_SIGN_IN);
  setCookie(reply, { name: PRE_CSRF_COOKIE, value: token });
  return token;
}

export function checkPreSignInToken(request: FastifyRequest): void {
  const cookie = cookieOf(request, PRE_CSRF_COOKIE);
  const field = formOf(request).get('csrf');
  if (!signedTokenValid(secretOf(request), PRE_SIGN_IN, cookie) || field !== cookie) throw csrfRefused();
}

/** The origin a browser names for a request of this server (behind trusted proxies, the original request's). */
const ownOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Whether a state-changing request comes from a page of this site: its `Origin`
 * (or, where a browser sends none, its `Referer`'s origin) is the server's own.
 * Neither present, it is refused: every browser that posts a form sends one.
 */
export function checkOrigin(request: FastifyRequest): void {
  const { origin, referer } = request.headers;
  const claimed = origin ?? (referer && URL.canParse(referer) ? new URL(referer).origin : undefined);
  if (claimed !== ownOrigin(request)) throw csrfRefused();
}
