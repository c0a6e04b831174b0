import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DASHBOARD_PATH, servesDashboard } from './dashboard-link.js';
import { allowOnlyGet } from './routes.js';

interface Link {
  href: string;
  title: string;
}

/** What `GET /` links to, in the order shown (the dashboard's link comes first when it is served). */
const LINKS: Link[] = [
  { href: '/docs', title: 'Interactive API reference' },
  { href: '/v1/openapi.json', title: 'OpenAPI 3.1 document' },
  { href: '/healthz', title: 'Liveness: 200 while the process runs' },
  { href: '/readyz', title: 'Readiness: 200 when a snapshot is loaded and the stores answer' },
  { href: '/metrics', title: 'Prometheus metrics' },
];
const DASHBOARD_LINK: Link = { href: DASHBOARD_PATH, title: 'Dashboard: create and manage API keys, see usage' };

/** The page links to nothing it loads but its icon, and runs nothing. */
const HOME_CSP = "default-src 'none'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * The q-value `accept` gives `type`, from its most specific matching range
 * (RFC 9110 §12.5.1); 1 when there is no header.
 */
function quality(accept: string | undefined, type: string): number {
  if (!accept) return 1;
  const [major] = type.split('/');
  let best = { specificity: -1, q: 0 };
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const specificity = range === type ? 2 : range === `${major}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (specificity <= best.specificity) continue;
    const q = params.find((p) => p.startsWith('q='));
    best = { specificity, q: q === undefined ? 1 : Number(q.slice(2)) || 0 };
  }
  return best.q;
}

/** JSON only when it is preferred over HTML: a browser, or a client taking anything, gets the page. */
const prefersJson = (request: FastifyRequest) =>
  quality(request.headers.accept, 'application/json') > quality(request.headers.accept, 'text/html');

/** Where a reader of the page gets the key every operation needs. */
const keysFrom = (dashboard: boolean) =>
  dashboard
    ? `Create one in the <a href="${DASHBOARD_PATH}">dashboard</a>.`
    : "Keys are issued by the service's operator.";

function homePage(title: string, description: string, links: Link[]): string {
  const items = links.map((l) => `<li><a href="${l.href}">${l.href}</a>: ${escapeHtml(l.title)}</li>`).join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" type="image/png" href="/docs/favicon-32x32.png" sizes="32x32">
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(description)}</p>
<ul>
${items}
</ul>
<p>Operations under <code>/v1</code> need <code>Authorization: Bearer &lt;key&gt;</code>.
${keysFrom(links.includes(DASHBOARD_LINK))}</p>
</body>
</html>
`;
}

/**
 * `GET /`: the service's name and description, from the OpenAPI document so the two
 * never differ, and links to the dashboard (where the server runs it), the reference,
 * the document and the operator endpoints.
 * HTML, or JSON for a client that prefers it. Public, like the document.
 */
export function registerHome(app: FastifyInstance): void {
  let page: string | undefined;
  let links: Link[] | undefined;
  // Asked at the first request, once every route (the dashboard's included) exists.
  const linksOf = () => (links ??= servesDashboard(app) ? [DASHBOARD_LINK, ...LINKS] : LINKS);
  app.get('/', { schema: { hide: true }, config: { access: 'gateway' } }, async (request, reply) => {
    // The one-line summary: the document's description is several paragraphs of markdown.
    const {
      title,
      summary,
      description = '',
    } = app.swagger().info as { title: string; summary?: string; description?: string };
    const about = summary ?? description;
    reply.header('vary', 'accept');
    if (prefersJson(request)) return { name: title, description: about, links: linksOf(), request_id: request.id };
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', HOME_CSP)
      .header('x-content-type-options', 'nosniff');
    return (page ??= homePage(title, about, linksOf()));
  });
  allowOnlyGet(app, '/');
}
