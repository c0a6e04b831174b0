import type { FastifyInstance, FastifyRequest } from 'fastify';
import { creditPeriod } from '../access/keys.js';
import type { AccountKey, AccountLimits, AccountStore } from '../access/accounts/store.js';
import { PageError } from './errors.js';
import { csrfField, html, notice, page, sendPage, table, type Html } from './html.js';
import { formOf, type SignedIn, type Sessions } from './session.js';
import { verifyFirstNotice } from './verify-pages.js';

export interface KeyPagesOptions {
  accounts: AccountStore;
  sessions: Sessions;
  /** The limits of a key created here while an admin has set none for its account. */
  defaultLimits: AccountLimits;
  /** SIGNUP=verify: keys are created only from an account whose address is verified. */
  verifyFirst?: boolean;
  /** PUBLIC_URL's origin: the base URL of the first request shown; unset, the request's own origin. */
  publicOrigin?: string;
}

const KEY_NAME_MAX_LENGTH = 100;
/** Quotas are per key: a bound on active keys bounds what one account can spend. */
export const MAX_ACTIVE_KEYS = 10;
const NEW_KEY_WARNING =
  'The API key is displayed once at creation. It must be used only from server-side code, ' +
  'never from a browser or mobile app.';

/** What the first request shows in place of a key the page cannot show again. */
const KEY_PLACEHOLDER = 'YOUR_API_KEY';

/** A copy-ready first request: the country list, with `key`, at the service's base URL. */
const firstRequest = (origin: string, key: string) => `curl -H "Authorization: Bearer ${key}" ${origin}/v1/countries`;

/** The service's base URL: PUBLIC_URL's origin, else the one this request was sent to. */
const originOf = (request: FastifyRequest, publicOrigin: string | undefined) =>
  publicOrigin ?? `${request.protocol}://${request.host}`;

/** The first request, ready to copy, with the new key or a placeholder. */
function firstRequestBlock(origin: string, key: string | undefined): Html {
  const id = key === undefined ? 'first-request' : 'first-request-new-key';
  return html`<p>
    <label for="${id}">First request${key === undefined ? ` (put your key in place of ${KEY_PLACEHOLDER})` : ''}</label>
    <textarea id="${id}" class="key" readonly rows="2" spellcheck="false">
${firstRequest(origin, key ?? KEY_PLACEHOLDER)}</textarea>
    <button type="button" data-copy="${id}">Copy</button> <span data-copied-for="${id}" role="status"></span>
  </p>`;
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : 'never');

function keyRow(key: AccountKey): Html {
  const revoke =
    key.status === 'active'
      ? html`<form method="get" action="/dashboard/keys/${encodeURIComponent(key.id)}/revoke">
          <button type="submit">Revoke</button>
        </form>`
      : html`revoked ${day(key.revokedAt)}`;
  return html`<tr>
    <td>${key.name}</td>
    <td><code>${key.prefix ? `${key.prefix}…` : '—'}</code></td>
    <td>${day(key.createdAt)}</td>
    <td>${day(key.lastUsedDay)}</td>
    <td>${key.status}</td>
    <td>${revoke}</td>
  </tr>`;
}

function createForm(csrf: string, problem?: string): Html {
  return html`<h2>New key</h2>
    ${notice(problem)}
    <form method="post" action="/dashboard/keys">
      ${csrfField(csrf)}
      <p>
        <label for="key-name">Key name</label>
        <input id="key-name" name="name" required maxlength="${KEY_NAME_MAX_LENGTH}" />
      </p>
      <p><button type="submit">Create key</button></p>
    </form>`;
}

interface KeysPageParts {
  /** The service's base URL, for the first request shown. */
  origin: string;
  created?: Html;
  problem?: string;
  /** The address is not verified yet: no key form, a button to resend the link instead. */
  unverified?: boolean;
}

function keysPage(signedIn: SignedIn, keys: AccountKey[], top: KeysPageParts): string {
  const list = keys.length
    ? table({
        columns: [
          { label: 'Name' },
          { label: 'Prefix' },
          { label: 'Created' },
          { label: 'Last used' },
          { label: 'Status' },
          { label: 'Action', hidden: true },
        ],
        rows: keys.map(keyRow),
      })
    : html`<p>No keys yet.</p>`;
  return page({
    title: 'API keys',
    signedIn,
    section: 'keys',
    body: html`${top.created ?? ''}
      <p>Signed in as ${signedIn.account.email ?? ''}.</p>
      ${list} ${top.unverified ? verifyFirstNotice(signedIn.csrf) : createForm(signedIn.csrf, top.problem)}
      <h2>First request</h2>
      <p>
        Every operation under <code>/v1</code> takes the key in <code>Authorization: Bearer</code>; the
        <a href="/docs">API reference</a> lists them.
      </p>
      ${firstRequestBlock(top.origin, undefined)}`,
  });
}

/**
 * The new key, shown on this answer only (the store keeps its hash, no page can show it
 * again), with a first request that uses it.
 */
function createdKey(key: string, origin: string): Html {
  return html`<section class="new-key" aria-labelledby="new-key-label">
    <h2 id="new-key-label">Your new key</h2>
    <p class="warning" role="alert">${NEW_KEY_WARNING}</p>
    <p>
      <label for="new-key">New API key</label>
      <input id="new-key" class="key" readonly value="${key}" spellcheck="false" autocomplete="off" />
      <button type="button" data-copy="new-key">Copy</button> <span data-copied-for="new-key" role="status"></span>
    </p>
    ${firstRequestBlock(origin, key)}
  </section>`;
}

/** Why a key named `name` cannot be made beside `listed`, or undefined when it can. */
function keyProblem(name: string, listed: AccountKey[]): string | undefined {
  if (!name || name.length > KEY_NAME_MAX_LENGTH) return `A key name has 1 to ${KEY_NAME_MAX_LENGTH} characters.`;
  if (listed.filter((k) => k.status === 'active').length >= MAX_ACTIVE_KEYS)
    return `An account has at most ${MAX_ACTIVE_KEYS} active keys; revoke one first.`;
  return undefined;
}

/** The key list, key creation and revocation (confirmed on a page of its own first). */
export function registerKeyPages(app: FastifyInstance, opts: KeyPagesOptions): void {
  const { accounts, sessions } = opts;
  const unverified = async (signedIn: SignedIn) =>
    opts.verifyFirst && !(await accounts.isEmailVerified(signedIn.account.id));
  const ownKey = async (signedIn: SignedIn, id: string) => {
    const key = (await accounts.listKeys(signedIn.account.id, creditPeriod())).find((k) => k.id === id);
    if (!key) throw new PageError(404, 'There is no such key.');
    return key;
  };

  app.get('/dashboard/keys', async (request, reply) => {
    const signedIn = await sessions.orSignIn(request, reply, 'get');
    if (!signedIn) return reply;
    const keys = await accounts.listKeys(signedIn.account.id, creditPeriod());
    const parts = { origin: originOf(request, opts.publicOrigin), unverified: await unverified(signedIn) };
    return sendPage(reply, 200, keysPage(signedIn, keys, parts));
  });

  app.post('/dashboard/keys', async (request, reply) => {
    const signedIn = await sessions.orSignIn(request, reply, 'post');
    if (!signedIn) return reply;
    const name = (formOf(request).get('name') ?? '').trim();
    const accountId = signedIn.account.id;
    const listed = await accounts.listKeys(accountId, creditPeriod());
    const origin = originOf(request, opts.publicOrigin);
    if (await unverified(signedIn))
      return sendPage(reply, 403, keysPage(signedIn, listed, { origin, unverified: true }));
    const problem = keyProblem(name, listed);
    if (problem) return sendPage(reply, 422, keysPage(signedIn, listed, { origin, problem }));
    const { key } = await accounts.createKey(accountId, { name, defaults: opts.defaultLimits });
    const keys = await accounts.listKeys(accountId, creditPeriod());
    return sendPage(reply, 201, keysPage(signedIn, keys, { origin, created: createdKey(key, origin) }));
  });

  app.get<{ Params: { id: string } }>('/dashboard/keys/:id/revoke', async (request, reply) => {
    const signedIn = await sessions.orSignIn(request, reply, 'get');
    if (!signedIn) return reply;
    const key = await ownKey(signedIn, request.params.id);
    const body = html`<p>
        Revoke key <strong>${key.name}</strong> (<code>${key.prefix ?? ''}…</code>)? Requests with it are refused within
        a second. This cannot be undone.
      </p>
      <form method="post" action="/dashboard/keys/${encodeURIComponent(key.id)}/revoke">
        ${csrfField(signedIn.csrf)} <button type="submit">Revoke key</button> <a href="/dashboard/keys">Cancel</a>
      </form>`;
    return sendPage(reply, 200, page({ title: 'Revoke key', signedIn, section: 'keys', body }));
  });

  app.post<{ Params: { id: string } }>('/dashboard/keys/:id/revoke', async (request, reply) => {
    const signedIn = await sessions.orSignIn(request, reply, 'post');
    if (!signedIn) return reply;
    // Another account's key answers as a key that does not exist.
    if (!(await accounts.revokeKey(signedIn.account.id, request.params.id)))
      throw new PageError(404, 'There is no such key.');
    return reply.redirect('/dashboard/keys', 303);
  });
}
