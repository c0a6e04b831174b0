import helmet from '@fastify/helmet';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SignInThrottle } from '../access/accounts/sign-in-throttle.js';
import type { AccountLimits, AccountStore, KeyRate } from '../access/accounts/store.js';
import type { RateLimiter } from '../access/rate-limit/index.js';
import { registerAccountPages } from './account-pages.js';
import { DASHBOARD_ASSETS } from './assets.js';
import { PageError } from './errors.js';
import { html, page } from './html.js';
import { registerKeyPages } from './key-pages.js';
import { registerUsagePage } from './usage-page.js';
import { registerAdminPages } from './admin-pages.js';
import { registerMailPages } from './mail-pages.js';
import type { MailSettings } from './mailer.js';
import type { SignupMode } from '../settings.js';
import { Sessions, checkOrigin, rememberSecret } from './session.js';

export interface DashboardOptions {
  accounts: AccountStore;
  signInLimiter: RateLimiter;
  /** The HMAC key of CSRF tokens, the same on every replica and across restarts. */
  csrfSecret: () => Promise<Buffer>;
  /** The limits of a key created in the dashboard while an admin has set none for its account. */
  defaultLimits: AccountLimits;
  /**
   * OPEN_SIGNUP_QUOTA_CREDITS: monthly credits of an account made by open sign-up
   * (SIGNUP=open); unset, those of `defaultLimits`.
   */
  openSignupQuotaCredits?: number;
  /** The rate limit of a key without one of its own (RATE_LIMIT_REQUESTS / RATE_LIMIT_WINDOW_S). */
  serviceRate: KeyRate;
  /** SIGNUP: how accounts come to be (`verify` needs `mail`). */
  signup: SignupMode;
  /**
   * SMTP_URL, MAIL_FROM and PUBLIC_URL (where every mailed link leads); without them
   * the dashboard sends no mail (no verification, no password reset).
   */
  mail?: MailSettings;
  /**
   * PUBLIC_URL's origin, the base URL of the first request the keys page shows; unset,
   * the mail settings' one, else the origin each request was sent to.
   */
  publicOrigin?: string;
}

/** Forms are small: an email, a password, a key name and a CSRF token. */
const FORM_BODY_LIMIT = 16 * 1024;

const CSP = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'none'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    baseUri: ["'none'"],
  },
};

const ERROR_TITLES: Record<number, string> = { 403: 'Forbidden', 404: 'Not found', 503: 'Unavailable' };

function errorPage(error: FastifyError | PageError, request: FastifyRequest, reply: FastifyReply): string {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  // A PageError is an answer chosen where it was raised (and logged there when it hides a failure).
  if (status >= 500 && !(error instanceof PageError)) request.log.error({ err: error }, 'dashboard request failed');
  if (error instanceof PageError) void reply.headers(error.headers);
  const message = error instanceof PageError ? error.message : statusMessage(status);
  void reply.code(status).type('text/html; charset=utf-8');
  const body = html`<p role="alert">${message}</p>
    <p>Request id: <code>${request.id}</code></p>
    <p><a href="/dashboard">Back to the dashboard</a></p>`;
  const title = ERROR_TITLES[status] ?? 'Something went wrong';
  return page({ title, body });
}

function statusMessage(status: number): string {
  if (status === 413) return 'The form is too large.';
  if (status === 415) return 'Forms must be sent as application/x-www-form-urlencoded.';
  if (status >= 500) return 'The dashboard could not answer; try again shortly.';
  return 'The request was refused.';
}

/**
 * What every dashboard request gets first: the server's secret (for its tokens) and,
 * when it changes state on a page, the check that it comes from this site (403).
 */
function guardRequests(app: FastifyInstance, secret: () => Promise<Buffer>): void {
  app.addHook('onRequest', async (request) => {
    rememberSecret(request, await secret());
  });
  app.addHook('preHandler', async (request) => {
    const page = request.routeOptions.url !== '/dashboard/*' && request.routeOptions.url !== '/dashboard';
    if (page && request.method !== 'GET' && request.method !== 'HEAD') checkOrigin(request);
  });
}

/**
 * The dashboard, an encapsulated plugin: its own form parser (the API takes no
 * bodies), security headers and HTML error pages apply to its routes only. Its
 * routes carry no `access` setting, so no API key, gateway secret or metering
 * applies, and they are left out of the OpenAPI document.
 */
export async function dashboardPlugin(app: FastifyInstance, opts: DashboardOptions): Promise<void> {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  // `same-origin`, not helmet's `no-referrer`: under `no-referrer` a browser posts a form
  // with `Origin: null`, and the Origin check needs the page's own origin.
  await app.register(helmet, {
    contentSecurityPolicy: CSP,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );
  app.addHook('onSend', async (_request, reply) => {
    // Pages show keys and CSRF tokens: no cache may keep them.
    if (!String(reply.getHeader('content-type')).startsWith('text/html')) return;
    void reply.header('cache-control', 'no-store');
  });
  app.setErrorHandler(errorPage);
  guardRequests(app, opts.csrfSecret);

  for (const asset of DASHBOARD_ASSETS) {
    app.get(asset.url, async (_request, reply) =>
      reply.type(asset.type).header('cache-control', 'public, max-age=300').send(asset.body),
    );
  }
  const sessions = new Sessions(opts.accounts, opts.csrfSecret);
  app.get('/dashboard', async (request, reply) =>
    reply.redirect((await sessions.current(request)) ? '/dashboard/keys' : '/dashboard/login', 303),
  );
  const mail = registerMailPages(app, { ...opts, sessions });
  registerAccountPages(app, { ...opts, sessions, throttle: new SignInThrottle(opts.signInLimiter), mail });
  registerKeyPages(app, {
    ...opts,
    sessions,
    verifyFirst: opts.signup === 'verify',
    publicOrigin: opts.publicOrigin ?? opts.mail?.publicOrigin,
  });
  registerUsagePage(app, { ...opts, sessions });
  registerAdminPages(app, { ...opts, sessions });
  // Any other path under /dashboard, or method on a page: an HTML page, not the API's JSON 404 or 405.
  const notFound = async () => {
    throw new PageError(404, 'There is no such page.');
  };
  // HEAD comes with each GET route.
  const methods = app.supportedMethods.filter((m) => m !== 'HEAD');
  app.route({ method: methods, url: '/dashboard/*', handler: notFound });
  app.route({ method: methods.filter((m) => m !== 'GET'), url: '/dashboard', handler: notFound });
}
