/**
 * The dashboard's script and stylesheet, served as files of their own: the
 * Content-Security-Policy forbids inline script and style. Kept in this module
 * rather than beside it so that the compiled server needs no copied files.
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Chart.js, the minified UMD build of the installed package (its package exports do
 * not name that file, so it is found beside the main one). Its source map comment is
 * dropped: the map is not served.
 */
function chartLibrary(): string {
  const dist = path.dirname(createRequire(import.meta.url).resolve('chart.js'));
  return readFileSync(path.join(dist, 'chart.umd.min.js'), 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
}

/** Copy buttons: `data-copy` names the input whose value is copied. */
const SCRIPT = `'use strict';
document.addEventListener('click', function (event) {
  var button = event.target.closest('button[data-copy]');
  if (!button) return;
  var id = button.getAttribute('data-copy');
  var input = document.getElementById(id);
  var status = document.querySelector('[data-copied-for="' + id + '"]');
  var say = function (text) { if (status) status.textContent = text; };
  input.select();
  if (navigator.clipboard) {
    navigator.clipboard.writeText(input.value).then(
      function () { say('Copied.'); },
      function () { say('Press Ctrl+C to copy.'); }
    );
  } else {
    say(document.execCommand('copy') ? 'Copied.' : 'Press Ctrl+C to copy.');
  }
});
`;

/**
 * Draws every `canvas[data-chart]` of the usage page with Chart.js (loaded before this
 * script): one stacked bar per day, a colour per operation.
 */
const USAGE_CHART_SCRIPT = `'use strict';
(function () {
  var palette = ['#1f5fbf', '#d97706', '#15803d', '#a4000f', '#6d28d9', '#0e7490', '#be185d', '#4d7c0f',
    '#92400e', '#334155', '#0369a1', '#9f1239', '#166534', '#7c2d12'];
  var canvases = document.querySelectorAll('canvas[data-chart]');
  for (var i = 0; i < canvases.length; i++) {
    var canvas = canvases[i];
    var data = JSON.parse(canvas.getAttribute('data-chart'));
    new window.Chart(canvas, {
      type: 'bar',
      data: {
        labels: data.labels.map(function (day) { return day.slice(5); }),
        datasets: data.series.map(function (s, n) {
          return { label: s.label, data: s.data, backgroundColor: palette[n % palette.length] };
        })
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } },
        plugins: { legend: { position: 'bottom' } }
      }
    });
  }
})();
`;

const STYLES = `:root { font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a; background: #fff; }
body { margin: 0; }
header { display: flex; justify-content: space-between; align-items: center; padding: 0.5rem 1rem;
  border-bottom: 1px solid #ccc; }
.brand { font-weight: 600; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
label { display: block; font-weight: 600; }
input { font: inherit; padding: 0.3rem 0.5rem; border: 1px solid #767676; border-radius: 3px; min-width: 18rem; }
input.key { font-family: ui-monospace, monospace; min-width: 32rem; max-width: 100%; }
button { font: inherit; padding: 0.3rem 0.9rem; border: 1px solid #1f4e99; border-radius: 3px;
  background: #1f5fbf; color: #fff; cursor: pointer; }
:focus-visible { outline: 3px solid #d97706; outline-offset: 2px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.4rem; border-bottom: 1px solid #ddd; vertical-align: middle; }
td form { margin: 0; }
.error { color: #a4000f; font-weight: 600; }
.warning { background: #fff4d6; border-left: 4px solid #d97706; padding: 0.5rem; }
.new-key { border: 1px solid #ccc; padding: 0 1rem 1rem; margin-bottom: 1rem; }
nav ul { display: flex; gap: 1rem; list-style: none; margin: 0; padding: 0; }
nav a[aria-current="page"] { font-weight: 600; }
header { gap: 1rem; }
header .sign-out { margin-left: auto; }
caption { text-align: left; font-weight: 600; padding: 0.4rem 0; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
dl.summary { display: flex; flex-wrap: wrap; gap: 1rem 2.5rem; }
dl.summary dt { font-size: 0.9rem; color: #444; }
dl.summary dd { margin: 0; font-size: 1.25rem; font-weight: 600; }
.chart { margin: 1rem 0; }
.chart figcaption { font-weight: 600; }
.chart-box { position: relative; height: 16rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`;

/** A favicon of its own: without one, browsers ask for /favicon.ico, which is not the dashboard's. */
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">
<rect width="16" height="16" rx="3" fill="#1f5fbf"/><path d="M3 12h2V8H3zm4 0h2V4H7zm4 0h2V6h-2z" fill="#fff"/></svg>
`;

export const FAVICON_URL = '/dashboard/assets/favicon.svg';
export const CHART_SCRIPT_URL = '/dashboard/assets/chart.umd.js';
export const USAGE_CHART_SCRIPT_URL = '/dashboard/assets/usage-chart.js';

export const DASHBOARD_ASSETS = [
  { url: FAVICON_URL, type: 'image/svg+xml', body: FAVICON },
  { url: CHART_SCRIPT_URL, type: 'text/javascript; charset=utf-8', body: chartLibrary() },
  { url: USAGE_CHART_SCRIPT_URL, type: 'text/javascript; charset=utf-8', body: USAGE_CHART_SCRIPT },
  { url: '/dashboard/assets/dashboard.js', type: 'text/javascript; charset=utf-8', body: SCRIPT },
  { url: '/dashboard/assets/dashboard.css', type: 'text/css; charset=utf-8', body: STYLES },
];
