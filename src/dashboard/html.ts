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

export interface PageOptions {
  title: string;
  body: Html;
  /** The CSRF token of a signed-in session: the page then carries the `Sign out` button. */
  signedInCsrf?: string;
}

/** A hidden CSRF field, for every form that changes state. */
export function csrfField(token: string): Html {
  return html`<input type="hidden" name="csrf" value="${token}" />`;
}

export function page({ title, body, signedInCsrf }: PageOptions): string {
  const signOut =
    signedInCsrf === undefined
      ? ''
      : html`<form method="post" action="/dashboard/logout" class="sign-out">
          ${csrfField(signedInCsrf)}<button type="submit">Sign out</button>
        </form>`;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · API dashboard</title>
        <link rel="stylesheet" href="/dashboard/assets/dashboard.css" />
        <script src="/dashboard/assets/dashboard.js" defer></script>
      </head>
      <body>
        <header><span class="brand">API dashboard</span>${signOut}</header>
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
