import { setTimeout } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hashPassword, passwordProblem, verifyPassword } from '../access/accounts/password.js';
import type { SignInThrottle, SignInVerdict } from '../access/accounts/sign-in-throttle.js';
import { normaliseEmail, type AccountLimits, type AccountStore } from '../access/accounts/store.js';
import type { SignupMode } from '../settings.js';
import { lookAlikeProblem } from '../access/accounts/addresses.js';
import { deviceOf, issueDeviceCookie } from './device-cookie.js';
import { PageError } from './errors.js';
import { html, notice, page, sendPage } from './html.js';
import type { MailContext } from './mailer.js';
import { checkPreSignInToken, formOf, preSignInToken, type Sessions } from './session.js';
import { signUpByMail, signUpClosedPage } from './signup.js';

export interface AccountPagesOptions {
  accounts: AccountStore;
  sessions: Sessions;
  throttle: SignInThrottle;
  /** SIGNUP: `verify` needs `mail`. */
  signup: SignupMode;
  /** With SMTP_URL: the sign-in page links to `/dashboard/forgot`, and `verify` mode mails its links. */
  mail?: MailContext;
  /** The limits of an account an admin has not changed (DEFAULT_QUOTA_CREDITS). */
  defaultLimits: AccountLimits;
  /** OPEN_SIGNUP_QUOTA_CREDITS: monthly credits of an account made by open sign-up; unset, the default's. */
  openSignupQuotaCredits?: number;
}

/** One message for an unknown email and a wrong password alike: the form must not tell which emails exist. */
const WRONG_CREDENTIALS = 'Wrong email or password.';
/** The same whether the account is enabled or disabled. */
const EMAIL_TAKEN = 'This email cannot be used for a new account. If the account is yours, sign in instead.';
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

/** `forgot`: the sign-in page links to /dashboard/forgot; `closed`: the sign-up page says sign-up is closed. */
type FormOptions = { email?: string; problem?: string; forgot?: boolean; closed?: boolean };

function credentialsForm(form: Form, csrf: string, opts: FormOptions = {}): string {
  const signup = form === 'signup';
  if (signup && opts.closed) return signUpClosedPage();
  const other = signup
    ? html`<p>Already have an account? <a href="/dashboard/login">Sign in</a>.</p>`
    : html`${opts.forgot ? html`<p><a href="/dashboard/forgot">Forgot your password?</a></p>` : ''}
        <p>No account yet? <a href="/dashboard/signup">Sign up</a>.</p>`;
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
  const { accounts, sessions, throttle, signup, mail } = opts;
  const modes = { forgot: mail !== undefined, closed: signup === 'closed' };
  const showForm = (form: Form) => async (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(reply, 200, credentialsForm(form, preSignInToken(request, reply), modes));

  app.get('/dashboard/signup', showForm('signup'));
  app.get('/dashboard/login', showForm('login'));

  app.post('/dashboard/signup', async (request, reply) => {
    if (signup === 'closed') return sendPage(reply, 403, signUpClosedPage());
    checkPreSignInToken(request);
    const form = formOf(request);
    const email = (form.get('email') ?? '').trim();
    const password = form.get('password') ?? '';
    const again = (problem: string) =>
      sendPage(reply, 422, credentialsForm('signup', preSignInToken(request, reply), { email, problem, ...modes }));
    if (email.length > EMAIL_MAX_LENGTH || !looksLikeEmail(email)) return again('Enter a valid email address.');
    const lookAlike = await lookAlikeProblem(normaliseEmail(email), accounts);
    if (lookAlike) return again(`This address cannot be used: ${lookAlike}.`);
    const problem = passwordProblem(password);
    if (problem) return again(`The password is too weak: ${problem}.`);
    // Sign-ups count against the same windows as sign-ins: each costs a memory-hard hash.
    await refuseWhenThrottled(throttle, request, { email });
    return createUser(opts, { request, reply, again }, { email, password });
  });

  app.post('/dashboard/login', signInHandler(opts));

  app.post('/dashboard/logout', async (request, reply) => {
    // The CSRF check stops another site from signing the user out.
    if (await sessions.forPost(request)) await sessions.close(request, reply);
    return reply.redirect('/dashboard/login', 303);
  });
}

/**
 * Creates the account of an accepted sign-up as SIGNUP says: in `verify` mode by mail,
 * answering the same page whether the address was free or taken; else signed in at once.
 */
async function createUser(
  opts: AccountPagesOptions,
  answer: { request: FastifyRequest; reply: FastifyReply; again: (problem: string) => string },
  input: { email: string; password: string },
): Promise<unknown> {
  const { request, reply } = answer;
  const passwordHash = await hashPassword(input.password);
  if (opts.signup === 'verify' && opts.mail) {
    return sendPage(reply, 200, await signUpByMail(opts.mail, request, { email: input.email, passwordHash }));
  }
  const account = await opts.accounts.createAccount(input.email, passwordHash, {
    role: 'user',
    limits: openSignupLimits(opts),
  });
  if (!account) return answer.again(EMAIL_TAKEN);
  await opts.sessions.open(request, reply, account.id);
  return reply.redirect('/dashboard/keys', 303);
}

/**
 * The limits an account made by open sign-up starts with: OPEN_SIGNUP_QUOTA_CREDITS a
 * month. They are stored with the account only when they differ from the defaults, so
 * that an account made with the defaults keeps following DEFAULT_QUOTA_CREDITS.
 */
function openSignupLimits({ defaultLimits, openSignupQuotaCredits }: AccountPagesOptions): AccountLimits | undefined {
  if (openSignupQuotaCredits === undefined || openSignupQuotaCredits === defaultLimits.quota) return undefined;
  return { quota: openSignupQuotaCredits, rate: defaultLimits.rate };
}

/** Sign-in: throttled, then the password checked; a success opens a session and marks the browser as the account's. */
function signInHandler(opts: AccountPagesOptions) {
  const { accounts, sessions, throttle } = opts;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    checkPreSignInToken(request);
    const form = formOf(request);
    const email = (form.get('email') ?? '').trim();
    const password = form.get('password') ?? '';
    const account = email.length <= EMAIL_MAX_LENGTH ? await accounts.findAccountByEmail(email) : null;
    // A browser this account signed in from since its password was set is counted by its device cookie.
    const { failureDelayMs } = await refuseWhenThrottled(throttle, request, {
      email,
      device: account ? deviceOf(request, account) : undefined,
    });
    const ok = await verifyPassword(password, account?.passwordHash ?? (await unknownAccountHash));
    if (!account || !account.passwordHash || !ok || account.disabledAt) {
      // Repeated failures on an account are answered later and later, then refused.
      await setTimeout(failureDelayMs);
      const content = credentialsForm('login', preSignInToken(request, reply), {
        email,
        problem: WRONG_CREDENTIALS,
        forgot: opts.mail !== undefined,
      });
      return sendPage(reply, 401, content);
    }
    await sessions.open(request, reply, account.id);
    issueDeviceCookie(request, reply, account);
    return reply.redirect('/dashboard/keys', 303);
  };
}

async function refuseWhenThrottled(
  throttle: SignInThrottle,
  request: FastifyRequest,
  who: { email: string; device?: string },
): Promise<SignInVerdict> {
  const verdict = await throttle.attempt({ ...who, client: request.ip }, request.id).catch((err: unknown) => {
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
