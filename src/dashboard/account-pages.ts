import { setTimeout } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hashPassword, passwordProblem, verifyPassword } from '../access/accounts/password.js';
import type { SignInThrottle, SignInVerdict } from '../access/accounts/sign-in-throttle.js';
import type { AccountStore } from '../access/accounts/store.js';
import { PageError } from './errors.js';
import { html, notice, page, sendPage } from './html.js';
import { checkPreSignInToken, formOf, preSignInToken, type Sessions } from './session.js';

export interface AccountPagesOptions {
  accounts: AccountStore;
  sessions: Sessions;
  throttle: SignInThrottle;
}

/** One message for an unknown email and a wrong password alike: the form must not tell which emails exist. */
const WRONG_CREDENTIALS = 'Wrong email or password.';
const EMAIL_MAX_LENGTH = 254;

/**
 * An address with one `@`, no white space, and a dot inside its domain. Checked by
 * splitting, not by a pattern: the obvious pattern backtracks polynomially.
 */
function looksLikeEmail(email: string): boolean {
  const at = email.indexOf('@');
  if (at < 1 || at !== email.lastIndexOf('@') || /\s/.test(email)) return false;
  const dot = email.indexOf('.', at + 2);
  return dot > at + 1 && dot < email.length - 1;
}

/** A password is checked against this hash when the email is unknown, so both cases take as long. */
const unknownAccountHash = hashPassword('no account has this password');

type Form = 'signup' | 'login';

function credentialsForm(form: Form, csrf: string, opts: { email?: string; problem?: string } = {}): string {
  const signup = form === 'signup';
  const other = signup
    ? html`<p>Already have an account? <a href="/dashboard/login">Sign in</a>.</p>`
    : html`<p>No account yet? <a href="/dashboard/signup">Sign up</a>.</p>`;
  return page({
    title: signup ? 'Sign up' : 'Sign in',
    body: html`${notice(opts.problem)}
      <form method="post" action="/dashboard/${form}">
        <input type="hidden" name="csrf" value="${csrf}" />
        <p>
          <label for="email">Email</label>
          <input
            id="email"
            name="email"
            type="email"
            autocomplete="email"
            required
            maxlength="${EMAIL_MAX_LENGTH}"
            value="${opts.email ?? ''}"
          />
        </p>
        <p>
          <label for="password">Password</label>
          <input
            id="password"
            name="password"
            type="password"
            required
            autocomplete="${signup ? 'new-password' : 'current-password'}"
            ${signup ? html` minlength="12"` : ''}
          />
          ${signup ? html`<small>At least 12 characters.</small>` : ''}
        </p>
        <p><button type="submit">${signup ? 'Sign up' : 'Sign in'}</button></p>
      </form>
      ${other}`,
  });
}

/** Sign-up, sign-in and sign-out. */
export function registerAccountPages(app: FastifyInstance, opts: AccountPagesOptions): void {
  const { accounts, sessions, throttle } = opts;
  const showForm = (form: Form) => async (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(reply, 200, credentialsForm(form, preSignInToken(request, reply)));

  app.get('/dashboard/signup', showForm('signup'));
  app.get('/dashboard/login', showForm('login'));

  app.post('/dashboard/signup', async (request, reply) => {
    checkPreSignInToken(request);
    const form = formOf(request);
    const email = (form.get('email') ?? '').trim();
    const password = form.get('password') ?? '';
    const again = (problem: string) =>
      sendPage(reply, 422, credentialsForm('signup', preSignInToken(request, reply), { email, problem }));
    if (email.length > EMAIL_MAX_LENGTH || !looksLikeEmail(email)) return again('Enter a valid email address.');
    const problem = passwordProblem(password);
    if (problem) return again(`The password is too weak: ${problem}.`);
    // Sign-ups count against the same windows as sign-ins: each costs a memory-hard hash.
    await refuseWhenThrottled(throttle, request, email);
    const account = await accounts.createAccount(email, await hashPassword(password), 'user');
    if (!account) return again('An account with this email already exists. Sign in instead.');
    await sessions.open(request, reply, account.id);
    return reply.redirect('/dashboard/keys', 303);
  });

  app.post('/dashboard/login', async (request, reply) => {
    checkPreSignInToken(request);
    const form = formOf(request);
    const email = (form.get('email') ?? '').trim();
    const password = form.get('password') ?? '';
    const { failureDelayMs } = await refuseWhenThrottled(throttle, request, email);
    const account = email.length <= EMAIL_MAX_LENGTH ? await accounts.findAccountByEmail(email) : null;
    const ok = await verifyPassword(password, account?.passwordHash ?? (await unknownAccountHash));
    if (!account || !account.passwordHash || !ok || account.disabledAt) {
      // Repeated failures on an account are answered later and later, then refused.
      await setTimeout(failureDelayMs);
      const content = credentialsForm('login', preSignInToken(request, reply), { email, problem: WRONG_CREDENTIALS });
      return sendPage(reply, 401, content);
    }
    await sessions.open(request, reply, account.id);
    return reply.redirect('/dashboard/keys', 303);
  });

  app.post('/dashboard/logout', async (request, reply) => {
    // The CSRF check stops another site from signing the user out.
    if (await sessions.forPost(request)) await sessions.close(request, reply);
    return reply.redirect('/dashboard/login', 303);
  });
}

async function refuseWhenThrottled(
  throttle: SignInThrottle,
  request: FastifyRequest,
  email: string,
): Promise<SignInVerdict> {
  const verdict = await throttle.attempt(email, request.ip, request.id).catch((err: unknown) => {
    // Without the count of attempts no sign-in goes through: an outage gives a guesser nothing.
    request.log.error({ err }, 'sign-in attempts cannot be counted');
    throw new PageError(503, 'Signing in and signing up are unavailable for a moment. Try again shortly.', {
      'retry-after': '5',
    });
  });
  const { waitS } = verdict;
  if (waitS > 0) {
    throw new PageError(429, `Too many attempts. Try again in ${Math.ceil(waitS / 60)} minute(s).`, {
      'retry-after': String(waitS),
    });
  }
  return verdict;
}
