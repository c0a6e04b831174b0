import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account, AccountStore } from '../access/accounts/store.js';
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

/**
 * The double-submit token of the sign-up and sign-in forms, before any session
 * exists: the same random value in an HttpOnly cookie and in the form. A cross-site
 * page can neither read the cookie nor make the browser send it (SameSite=Strict).
 */
export function preSignInToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = cookieOf(request, PRE_CSRF_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  setCookie(reply, { name: PRE_CSRF_COOKIE, value: token });
  return token;
}

export function checkPreSignInToken(request: FastifyRequest): void {
  const cookie = cookieOf(request, PRE_CSRF_COOKIE);
  const field = formOf(request).get('csrf');
  if (!cookie || !field) throw csrfRefused();
  const [a, b] = [Buffer.from(cookie), Buffer.from(field)];
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw csrfRefused();
}
