import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  OPERATOR_ACCOUNT_ID,
  type AccountLimits,
  type AccountStore,
  type KeyRate,
  type ListedAccount,
} from '../access/accounts/store.js';
import { creditPeriod } from '../access/keys.js';
import { PageError } from './errors.js';
import { csrfField, html, notice, page, sendPage, table, type Html } from './html.js';
import { formOf, type SignedIn, type Sessions } from './session.js';
import { accountCredits, count, keyCreditsTable, rateText } from './usage-page.js';

export interface AdminPagesOptions {
  accounts: AccountStore;
  sessions: Sessions;
  /** The limits of an account an admin has not changed. */
  defaultLimits: AccountLimits;
  serviceRate: KeyRate;
}

/** Bounds of what an admin may set: whole numbers, checked by length before any arithmetic. */
const MAX_QUOTA_DIGITS = 15;
const MAX_WINDOW_S = 86_400;

const accountUrl = (id: string) => `/dashboard/admin/accounts/${encodeURIComponent(id)}`;

function quotaText(limits: AccountLimits): string {
  return limits.quota === null ? 'none' : count(limits.quota);
}

/** The credits an account has left this month, all its keys together. */
function remainingItem(account: ListedAccount, defaults: AccountLimits): Html {
  const credits = accountCredits(account.usage.credits, (account.limits ?? defaults).quota);
  return html`<div>
    <dt>Remaining this month</dt>
    <dd>${credits.remaining} of ${credits.quota}</dd>
  </div>`;
}

function accountRow(a: ListedAccount, opts: AdminPagesOptions): Html {
  const limits = a.limits ?? opts.defaultLimits;
  const name = a.email ?? 'operator (keys of the CLI)';
  return html`<tr>
    <th scope="row"><a href="${accountUrl(a.id)}">${name}</a></th>
    <td>${a.role}</td>
    <td>${a.disabledAt ? `disabled ${a.disabledAt.slice(0, 10)}` : 'active'}</td>
    <td class="num">${a.keys.active} / ${a.keys.revoked}</td>
    <td class="num">${count(a.usage.calls)}</td>
    <td class="num">${count(a.usage.credits)}</td>
    <td class="num">${a.id === OPERATOR_ACCOUNT_ID ? 'per key' : quotaText(limits)}</td>
    <td class="num">
      ${a.id === OPERATOR_ACCOUNT_ID ? 'per key' : accountCredits(a.usage.credits, limits.quota).remaining}
    </td>
    <td>${a.id === OPERATOR_ACCOUNT_ID ? 'per key' : rateText(limits.rate, opts.serviceRate)}</td>
  </tr>`;
}

function accountsPage(signedIn: SignedIn, accounts: ListedAccount[], opts: AdminPagesOptions): string {
  const body = table({
    caption: `Accounts, with their usage in ${creditPeriod()} (UTC)`,
    columns: [
      { label: 'Account' },
      { label: 'Role' },
      { label: 'Status' },
      { label: 'Keys active / revoked', numeric: true },
      { label: 'Calls', numeric: true },
      { label: 'Credits', numeric: true },
      { label: 'Monthly credits', numeric: true },
      { label: 'Remaining', numeric: true },
      { label: 'Rate limit per key' },
    ],
    rows: accounts.map((a) => accountRow(a, opts)),
  });
  return page({ title: 'Accounts', signedIn, section: 'admin', body });
}

function limitsForm(account: ListedAccount, csrf: string, opts: AdminPagesOptions & { problem?: string }): Html {
  const { problem } = opts;
  const limits = account.limits ?? opts.defaultLimits;
  return html`<h2>Limits</h2>
    <p>
      Every key of the account gets these limits, those it has and those it creates later; the API applies them within a
      second. ${account.limits ? '' : 'The account has the service defaults.'}
    </p>
    ${notice(problem)}
    <form method="post" action="${accountUrl(account.id)}/limits">
      ${csrfField(csrf)}
      <p>
        <label for="quota">Monthly credits of the account (all its keys)</label>
        <input
          id="quota"
          name="quota"
          inputmode="numeric"
          value="${limits.quota ?? ''}"
          aria-describedby="quota-hint"
        />
        <small id="quota-hint">Empty: no quota.</small>
      </p>
      <p>
        <label for="rate-requests">Requests per window</label>
        <input
          id="rate-requests"
          name="rate_requests"
          inputmode="numeric"
          value="${limits.rate?.requests ?? ''}"
          placeholder="${opts.serviceRate.requests}"
          aria-describedby="rate-hint"
        />
      </p>
      <p>
        <label for="rate-window">Window (seconds)</label>
        <input
          id="rate-window"
          name="rate_window_s"
          inputmode="numeric"
          value="${limits.rate?.windowS ?? ''}"
          placeholder="${opts.serviceRate.windowS}"
          aria-describedby="rate-hint"
        />
        <small id="rate-hint">Both empty: the service default, ${rateText(null, opts.serviceRate)}.</small>
      </p>
      <p><button type="submit">Save limits</button></p>
    </form>`;
}

function statusForm(account: ListedAccount, signedIn: SignedIn): Html {
  if (account.id === OPERATOR_ACCOUNT_ID || account.id === signedIn.account.id) return html``;
  const disabled = account.disabledAt !== null;
  return html`<h2>Status</h2>
    <p>
      ${
        disabled
          ? `Disabled since ${account.disabledAt}. Enabling it makes its active keys work again.`
          : 'Disabling the account signs it out and stops all its keys within a second.'
      }
    </p>
    <form method="post" action="${accountUrl(account.id)}/status">
      ${csrfField(signedIn.csrf)}
      <input type="hidden" name="disabled" value="${disabled ? '0' : '1'}" />
      <button type="submit">${disabled ? 'Enable account' : 'Disable account'}</button>
    </form>`;
}

/** A whole number of at most `digits` digits, or undefined. */
function wholeNumber(text: string, digits: number): number | undefined {
  return text.length <= digits && /^\d+$/.test(text) ? Number(text) : undefined;
}

/** The limits of the form, or why they are refused. */
export function limitsFromForm(form: URLSearchParams): AccountLimits | string {
  const quotaField = (form.get('quota') ?? '').trim();
  const requestsField = (form.get('rate_requests') ?? '').trim();
  const windowField = (form.get('rate_window_s') ?? '').trim();
  const quota = quotaField === '' ? null : wholeNumber(quotaField, MAX_QUOTA_DIGITS);
  if (quota === undefined) return 'The quota is a whole number of credits, or empty for no quota.';
  if (requestsField === '' && windowField === '') return { quota, rate: null };
  const requests = wholeNumber(requestsField, 9);
  const windowS = wholeNumber(windowField, 6);
  if (!requests || !windowS || windowS > MAX_WINDOW_S) {
    const window = `a window of 1 to ${count(MAX_WINDOW_S)} seconds`;
    return `A rate limit is a number of requests (at least 1) per ${window}; leave both empty for the default.`;
  }
  return { quota, rate: { requests, windowS } };
}

/** One account: its keys and usage, its limits and status forms. */
async function accountPage(
  opts: AdminPagesOptions,
  { signedIn, account, problem }: { signedIn: SignedIn; account: ListedAccount; problem?: string },
): Promise<string> {
  const { accounts } = opts;
  const keys = await accounts.listKeys(account.id, creditPeriod());
  const operator = account.id === OPERATOR_ACCOUNT_ID;
  const body = html`<p><a href="/dashboard/admin">All accounts</a></p>
    <dl class="summary">
      <div>
        <dt>Role</dt>
        <dd>${account.role}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>${account.disabledAt ? 'disabled' : 'active'}</dd>
      </div>
      <div>
        <dt>Credits this month</dt>
        <dd>${count(account.usage.credits)}</dd>
      </div>
      ${operator ? '' : remainingItem(account, opts.defaultLimits)}
      <div>
        <dt>Calls this month</dt>
        <dd>${count(account.usage.calls)}</dd>
      </div>
    </dl>
    ${keyCreditsTable(keys, opts.serviceRate, {
      caption: `Keys, with their usage in ${creditPeriod()}`,
      ownQuota: operator,
    })}
    ${
      operator
        ? html`<p>The operator's keys have the limits given to <code>npm run keys -- create</code>, key by key.</p>`
        : limitsForm(account, signedIn.csrf, { ...opts, problem })
    }
    ${statusForm(account, signedIn)}`;
  return page({ title: account.email ?? 'Operator', signedIn, section: 'admin', body });
}

/** `/dashboard/admin`: every account, its keys and usage; limits and status per account. Admins only. */
export function registerAdminPages(app: FastifyInstance, opts: AdminPagesOptions): void {
  const { accounts, sessions } = opts;
  /**
   * An admin's session; anyone else, signed in or not, is told there is no such page,
   * so the area's existence shows to nobody else.
   */
  const admin = async (request: FastifyRequest, _reply: FastifyReply, method: 'get' | 'post') => {
    const signedIn = await sessions.current(request);
    if (!signedIn || signedIn.account.role !== 'admin') throw new PageError(404, 'There is no such page.');
    // Then the CSRF check of a form (403).
    return method === 'post' ? sessions.forPost(request) : signedIn;
  };
  const listed = async (id: string) => {
    const [account] = await accounts.listAccounts(creditPeriod(), id);
    if (!account) throw new PageError(404, 'There is no such account.');
    return account;
  };
  app.get('/dashboard/admin', async (request, reply) => {
    const signedIn = await admin(request, reply, 'get');
    if (!signedIn) return reply;
    return sendPage(reply, 200, accountsPage(signedIn, await accounts.listAccounts(creditPeriod()), opts));
  });

  app.get<{ Params: { id: string } }>('/dashboard/admin/accounts/:id', async (request, reply) => {
    const signedIn = await admin(request, reply, 'get');
    if (!signedIn) return reply;
    return sendPage(reply, 200, await accountPage(opts, { signedIn, account: await listed(request.params.id) }));
  });

  app.post<{ Params: { id: string } }>('/dashboard/admin/accounts/:id/limits', async (request, reply) => {
    const signedIn = await admin(request, reply, 'post');
    if (!signedIn) return reply;
    const account = await listed(request.params.id);
    if (account.id === OPERATOR_ACCOUNT_ID) throw new PageError(422, "The operator's keys are limited key by key.");
    const limits = limitsFromForm(formOf(request));
    if (typeof limits === 'string')
      return sendPage(reply, 422, await accountPage(opts, { signedIn, account, problem: limits }));
    await accounts.setAccountLimits(account.id, limits);
    request.log.info({ account: account.id, limits, by: signedIn.account.id }, 'account limits set');
    return reply.redirect(accountUrl(account.id), 303);
  });

  app.post<{ Params: { id: string } }>('/dashboard/admin/accounts/:id/status', async (request, reply) => {
    const signedIn = await admin(request, reply, 'post');
    if (!signedIn) return reply;
    const account = await listed(request.params.id);
    if (account.id === OPERATOR_ACCOUNT_ID || account.id === signedIn.account.id) {
      throw new PageError(422, 'Neither your own account nor the operator account can be disabled here.');
    }
    const disable = formOf(request).get('disabled') === '1';
    await accounts.setAccountDisabled(account.id, disable);
    if (disable) await accounts.deleteSessionsOf(account.id);
    request.log.info({ account: account.id, disabled: disable, by: signedIn.account.id }, 'account status set');
    return reply.redirect(accountUrl(account.id), 303);
  });
}
