import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DASHBOARD_PATH, servesDashboard } from './dashboard-link.js';
import { registerHome } from './home.js';
import { serveStaticFiles, type StaticFile } from './static-files.js';

/**
 * Where Swagger UI's distribution is installed. Its package entry point loads the
 * whole bundle into Node, so the folder is found through its package.json instead.
 */
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * Everything the reference loads comes from this server: its scripts, styles and
 * the document it fetches. Images may also be data: URLs, which is how Swagger UI's
 * stylesheet carries its icons. No inline script or style is needed.
 */
const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE_HEADERS = {
  'content-security-policy': DOCS_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** Swagger UI's files change only with the package: a browser may keep them an hour. */
const ASSET_HEADERS = { 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' };

/** Links to the home page and, where the server runs it, the dashboard (where keys are made). */
const serviceLinks = (dashboard: boolean) =>
  ['<a href="/">Home</a>', ...(dashboard ? [`<a href="${DASHBOARD_PATH}">Dashboard: get an API key</a>`] : [])].join(
    ' · ',
  );

// Paths are absolute without a host, so the page works under any host name a
// proxy forwards without adding a path prefix, and with or without a trailing slash.
const docsPage = (dashboard: boolean) => `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
<link rel="stylesheet" href="/docs/index.css">
<link rel="icon" type="image/png" href="/docs/favicon-32x32.png" sizes="32x32">
<link rel="icon" type="image/png" href="/docs/favicon-16x16.png" sizes="16x16">
</head>
<body>
<nav aria-label="Service">${serviceLinks(dashboard)}</nav>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

// The base layout has no top bar, so there is no box to load another document from;
// no validator, so no badge fetched from elsewhere; and `?url=` is not honoured.
const DOCS_INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/v1/openapi.json',
    dom_id: '#swagger-ui',
    layout: 'BaseLayout',
    deepLinking: true,
    filter: true,
    displayRequestDuration: true,
    validatorUrl: null,
    queryConfigEnabled: false,
    presets: [SwaggerUIBundle.presets.apis],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
  });
});
`;

const fromSwaggerUi = (name: string) => () => readFile(path.join(SWAGGER_UI_DIR, name));
const text = (content: string) => async () => Buffer.from(content);

/** The reference's files; its page is made at the first request, once every route (the dashboard's) exists. */
const docsFiles = (app: FastifyInstance): StaticFile[] => [
  {
    url: '/docs',
    type: 'text/html; charset=utf-8',
    read: async () => Buffer.from(docsPage(servesDashboard(app))),
    headers: PAGE_HEADERS,
  },
  { url: '/docs/init.js', type: 'text/javascript; charset=utf-8', read: text(DOCS_INIT), headers: ASSET_HEADERS },
  ...[
    { name: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
    { name: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
    { name: 'index.css', type: 'text/css; charset=utf-8' },
    { name: 'favicon-32x32.png', type: 'image/png' },
    { name: 'favicon-16x16.png', type: 'image/png' },
  ].map(({ name, type }) => ({ url: `/docs/${name}`, type, read: fromSwaggerUi(name), headers: ASSET_HEADERS })),
];

/**
 * `GET /`, the links to what the service offers, and `GET /docs`, an interactive
 * reference of `/v1/openapi.json` (Swagger UI) that links back to `/` and to the
 * dashboard, with every file it loads served from here: the page works with no access
 * beyond this server. Public, like the document.
 */
export function registerDocs(app: FastifyInstance): void {
  registerHome(app);
  serveStaticFiles(app, docsFiles(app));
}
