import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root: the nearest directory above the tests holding package.json
 * (they run from test/, or compiled by `npm test`'s typecheck, from dist/test/).
 */
export const ROOT = ((): string => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
  return dir;
})();

/** Real data files beside the repository (`../shared/data`); the tests that read them skip without them. */
export const SHARED_DATA = path.join(ROOT, '..', 'shared', 'data');
