/**
 * The dashboard's script and stylesheet, served as files of their own: the
 * Content-Security-Policy forbids inline script and style. Kept in this module
 * rather than beside it so that the compiled server needs no copied files.
 */

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
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`;

export const DASHBOARD_ASSETS = [
  { url: '/dashboard/assets/dashboard.js', type: 'text/javascript; charset=utf-8', body: SCRIPT },
  { url: '/dashboard/assets/dashboard.css', type: 'text/css; charset=utf-8', body: STYLES },
];
