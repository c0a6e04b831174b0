import type { FastifyReply } from 'fastify';
import { FAVICON_URL } from './assets.js';

/**
 * The dashboard's HTML. Every value that reaches a page goes through `escapeHtml`
 * (text and attribute values alike), so a key name or an email with markup is
 * shown as text. Pages load only the dashboard's own script and stylesheet: the
 * Content-Security-Policy allows nothing else, and no script is inline.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Markup already escaped, told apart from text by its type. */
export class Html {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

/** A template tag that escapes every interpolated value unless it is `Html` (or an array of it). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new Html(out);
}

function render(value: unknown): string {
  if (value instanceof Html) return value.markup;
  if (Array.isArray(value)) return value.map(render).join('');
  if (typeof value === 'string' || typeof value === 'number') return escapeHtml(value);
  // Nothing else is meant to reach a page: undefined, null and false show as nothing.
  if (value === undefined || value === null || value === false) return '';
  throw new TypeError(`cannot show a ${typeof value} on a page`);
}

/** A column heading; `numeric` right-aligns the column, `hidden` keeps the heading for screen readers only. */
export interface Column {
  label: string;
  numeric?: boolean;
  hidden?: boolean;
}

export interface TableOptions {
  id?: string;
  caption?: string;
  columns: Column[];
  /** The `<tr>` of the body, one per row. */
  rows: Html[];
  /** The `<tr>` of a footer (totals). */
  foot?: Html;
}

/** A data table: its caption, a heading per column (scoped for screen readers), its rows. */
export function table({ id, caption, columns, rows, foot }: TableOptions): Html {
  const heading = (c: Column) =>
    html`<th scope="col" ${c.numeric ? html`class="num"` : ''}>
      ${c.hidden ? html`<span class="visually-hidden">${c.label}</span>` : c.label}
    </th>`;
  return html`<table ${id ? html`id="${id}"` : ''}>
    ${
      caption
        ? html`<caption>
            ${caption}
          </caption>`
        : ''
    }
    <thead>
      <tr>
        ${columns.map(heading)}
      </tr>
    </thead>
    <tbody>
      ${rows}
    </tbody>
    ${
      foot
        ? html`<tfoot>
            ${foot}
          </tfoot>`
        : ''
    }
  </table>`;
}

/** The pages a signed-in account moves between; `admin` only for admins. */
export type Section = 'keys' | 'usage' | 'admin';

export interface PageOptions {
  title: string;
  body: Html;
  /** A signed-in session: the page then carries the navigation and the `Sign out` button. */
  signedIn?: { csrf: string; account: { role: string } };
  /** The section the page belongs to, marked in the navigation. */
  section?: Section;
  /** Scripts the page needs besides the dashboard's own (all served from /dashboard/assets/). */
  scripts?: string[];
}

const SECTIONS: Array<{ section: Section; label: string; adminOnly?: boolean }> = [
  { section: 'keys', label: 'API keys' },
  { section: 'usage', label: 'Usage' },
  { section: 'admin', label: 'Admin', adminOnly: true },
];

function navigation(role: string, current: Section | undefined): Html {
  const links = SECTIONS.filter((s) => !s.adminOnly || role === 'admin').map(
    ({ section, label }) =>
      html`<li>
        <a href="/dashboard/${section}" ${section === current ? html`aria-current="page"` : ''}>${label}</a>
      </li>`,
  );
  return html`<nav aria-label="Dashboard">
    <ul>
      ${links}
    </ul>
  </nav>`;
}

/** A hidden CSRF field, for every form that changes state. */
export function csrfField(token: string): Html {
  return html`<input type="hidden" name="csrf" value="${token}" />`;
}

export function page({ title, body, signedIn, section, scripts = [] }: PageOptions): string {
  const signOut =
    signedIn === undefined
      ? ''
      : html`${navigation(signedIn.account.role, section)}
          <form method="post" action="/dashboard/logout" class="sign-out">
            ${csrfField(signedIn.csrf)}<button type="submit">Sign out</button>
          </form>`;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · API dashboard</title>
        <link rel="icon" href="${FAVICON_URL}" type="image/svg+xml" />
        <link rel="stylesheet" href="/dashboard/assets/dashboard.css" />
        ${['/dashboard/assets/dashboard.js', ...scripts].map((src) => html`<script src="${src}" defer></script>`)}
      </head>
      <body>
        <header>
          <span class="brand">API dashboard</span>
          <nav aria-label="Service"><a href="/">Home</a> · <a href="/docs">API reference</a></nav>
          ${signOut}
        </header>
        <main>
          <h1>${title}</h1>
          ${body}
        </main>
      </body>
    </html> `.markup;
}

/** An alert paragraph, or nothing. */
export function notice(message: string | undefined, kind: 'error' | 'info' = 'error'): Html {
  return message ? html`<p class="${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${message}</p>` : html``;
}

/** Answers with a page and its status. */
export function sendPage(reply: FastifyReply, status: number, content: string): string {
  void reply.code(status).type('text/html; charset=utf-8');
  return content;
}
