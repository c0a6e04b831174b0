import type { FastifyInstance } from 'fastify';
import type { AccountKey, AccountLimits, AccountStore, DailyUsage, KeyRate } from '../access/accounts/store.js';
import { creditPeriod, creditResetAt } from '../access/keys.js';
import { CHART_SCRIPT_URL, USAGE_CHART_SCRIPT_URL } from './assets.js';
import { html, page, sendPage, table, type Html } from './html.js';
import type { Sessions } from './session.js';

export interface UsagePageOptions {
  accounts: AccountStore;
  sessions: Sessions;
  /** The rate limit of a key without one of its own. */
  serviceRate: KeyRate;
  /** The limits of an account while an admin has set none. */
  defaultLimits: AccountLimits;
}

/** Days shown by the chart and the table, today (UTC) included. */
export const USAGE_DAYS = 30;

const numberFormat = new Intl.NumberFormat('en-US');
export const count = (n: number) => numberFormat.format(n);

export function rateText(rate: KeyRate | null, serviceRate: KeyRate): string {
  const { requests, windowS } = rate ?? serviceRate;
  return `${count(requests)} requests per ${count(windowS)} s${rate ? '' : ' (service default)'}`;
}

/** The UTC days from `USAGE_DAYS - 1` days ago to today, as YYYY-MM-DD. */
export function lastDays(now = new Date(), days = USAGE_DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The chart's data: one series per operation, a value for every day (0 when there was no call). */
export function chartData(days: string[], usage: DailyUsage[], measure: 'calls' | 'credits') {
  const operations = [...new Set(usage.map((u) => u.operation))].sort();
  const index = new Map(days.map((d, i) => [d, i]));
  const series = operations.map((operation) => ({ label: operation, data: days.map(() => 0) }));
  for (const u of usage) {
    const i = index.get(u.day);
    if (i !== undefined) series[operations.indexOf(u.operation)]!.data[i]! += u[measure];
  }
  return { labels: days, series };
}

/** One key's month: its calls and credits, and (`ownQuota`: keys that spend their own) its quota and what remains. */
function keyCreditsRow(key: AccountKey, serviceRate: KeyRate, ownQuota: boolean): Html {
  const { credits, calls } = key.usage;
  const remaining = key.quota === null ? 'no quota' : count(Math.max(0, key.quota - credits));
  return html`<tr>
    <th scope="row">${key.name} <code>${key.prefix ? `${key.prefix}…` : ''}</code></th>
    <td>${key.status}</td>
    <td class="num">${count(calls)}</td>
    <td class="num">${count(credits)}</td>
    ${ownQuota ? html`<td class="num">${key.quota === null ? 'none' : count(key.quota)}</td>` : ''}
    ${ownQuota ? html`<td class="num">${remaining}</td>` : ''}
    <td>${rateText(key.rate, serviceRate)}</td>
  </tr>`;
}

/**
 * The keys' month. Keys of an account spend the account's credits, shown beside the
 * table; the operator's keys (`ownQuota`) each have a quota of their own.
 */
export function keyCreditsTable(
  keys: AccountKey[],
  serviceRate: KeyRate,
  shown: { caption: string; ownQuota: boolean },
): Html {
  if (!keys.length) return html`<p>No keys yet.</p>`;
  const quotaColumns = [
    { label: 'Quota', numeric: true },
    { label: 'Remaining', numeric: true },
  ];
  return table({
    caption: shown.caption,
    columns: [
      { label: 'Key' },
      { label: 'Status' },
      { label: 'Calls', numeric: true },
      { label: 'Credits used', numeric: true },
      ...(shown.ownQuota ? quotaColumns : []),
      { label: 'Rate limit' },
    ],
    rows: keys.map((k) => keyCreditsRow(k, serviceRate, shown.ownQuota)),
  });
}

/** An account's credits of the month: what its keys used together against its quota. */
export function accountCredits(used: number, quota: number | null): { quota: string; remaining: string } {
  if (quota === null) return { quota: 'no quota', remaining: 'no quota' };
  return { quota: `${count(quota)} credits per month`, remaining: count(Math.max(0, quota - used)) };
}

function dailyTable(usage: DailyUsage[]): Html {
  if (!usage.length) return html`<p>No calls in the last ${USAGE_DAYS} days.</p>`;
  const total = usage.reduce((t, u) => ({ calls: t.calls + u.calls, credits: t.credits + u.credits }), {
    calls: 0,
    credits: 0,
  });
  return table({
    id: 'daily-usage',
    caption: 'Calls and credits per day and operation (UTC days)',
    columns: [
      { label: 'Day' },
      { label: 'Operation' },
      { label: 'Calls', numeric: true },
      { label: 'Credits', numeric: true },
    ],
    rows: usage.map(
      (u) =>
        html`<tr>
          <td>${u.day}</td>
          <td><code>${u.operation}</code></td>
          <td class="num">${count(u.calls)}</td>
          <td class="num">${count(u.credits)}</td>
        </tr>`,
    ),
    foot: html`<tr>
      <th scope="row" colspan="2">Total</th>
      <td class="num">${count(total.calls)}</td>
      <td class="num">${count(total.credits)}</td>
    </tr>`,
  });
}

/** A chart drawn by the bundled charting library from its data attribute; the table below holds the same numbers. */
function chart(id: string, label: string, data: ReturnType<typeof chartData>): Html {
  return html`<figure class="chart">
    <figcaption id="${id}-caption">${label}</figcaption>
    <div class="chart-box">
      <canvas id="${id}" role="img" aria-labelledby="${id}-caption" data-chart="${JSON.stringify(data)}"></canvas>
    </div>
  </figure>`;
}

/** When the month's credits renew, for people and as the exact instant. */
function renewal(): Html {
  const at = creditResetAt();
  const day = new Date(at).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return html`<time datetime="${at}">${day}, 00:00 UTC</time>`;
}

/** The account's credits this month against its quota, shared by its keys, and its calls of the last 30 days. */
export function registerUsagePage(app: FastifyInstance, opts: UsagePageOptions): void {
  const { accounts, sessions, serviceRate } = opts;
  app.get('/dashboard/usage', async (request, reply) => {
    const signedIn = await sessions.orSignIn(request, reply, 'get');
    if (!signedIn) return reply;
    const period = creditPeriod();
    const days = lastDays();
    const [keys, usage, limits] = await Promise.all([
      accounts.listKeys(signedIn.account.id, period),
      accounts.usageByDay(signedIn.account.id, days[0]!),
      accounts.accountLimits(signedIn.account.id),
    ]);
    // Revoked keys' credits count: the month's budget is the account's.
    const used = keys.reduce((t, k) => t + k.usage.credits, 0);
    const active = keys.filter((k) => k.status === 'active');
    const credits = accountCredits(used, (limits ?? opts.defaultLimits).quota);
    const charts = [
      chart('calls-chart', 'Calls per day by operation', chartData(days, usage, 'calls')),
      chart('credits-chart', 'Credits per day by operation', chartData(days, usage, 'credits')),
    ];
    const body = html`<dl class="summary">
        <div>
          <dt>Credits used this month</dt>
          <dd id="credits-used">${count(used)}</dd>
        </div>
        <div>
          <dt>Quota</dt>
          <dd id="credits-quota">${credits.quota}</dd>
        </div>
        <div>
          <dt>Remaining</dt>
          <dd id="credits-remaining">${credits.remaining}</dd>
        </div>
        <div>
          <dt>Renews</dt>
          <dd>${renewal()}</dd>
        </div>
        <div>
          <dt>Rate limit per key</dt>
          <dd>${rateText(active[0]?.rate ?? null, serviceRate)}</dd>
        </div>
      </dl>
      <p>
        Each call costs the credits of its operation; a refused call costs nothing. Every key of the account, revoked
        ones included, spends the same monthly credits. Month ${period} (UTC).
      </p>
      ${keyCreditsTable(keys, serviceRate, { caption: `Credits by key, ${period}`, ownQuota: false })}
      <h2>Last ${USAGE_DAYS} days</h2>
      ${charts} ${dailyTable(usage)}`;
    const content = page({
      title: 'Usage',
      signedIn,
      section: 'usage',
      body,
      scripts: [CHART_SCRIPT_URL, USAGE_CHART_SCRIPT_URL],
    });
    return sendPage(reply, 200, content);
  });
}
