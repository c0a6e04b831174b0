import path from 'node:path';

/**
 * How the command-line tools say what they act on: an operator with several
 * DATA_DIRs or databases sees at once whether a command reached the intended one.
 */

/** Whether DATA_DIR comes from the environment (an empty value counts as unset, as in the settings). */
export function dataDirIsSet(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.DATA_DIR);
}

/** `/abs/path (from DATA_DIR)` or `/abs/path (default ./data)`. */
export function describeDataDir(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  return `${path.resolve(dataDir)} (${dataDirIsSet(env) ? 'from DATA_DIR' : 'default ./data'})`;
}

/** Connection parameters that hold a secret; they never appear in output. */
const SECRET_PARAMS = ['password', 'sslpassword'];

/** A PostgreSQL connection URL as it may be printed: user, host, port and database, no password. */
export function redactDatabaseUrl(databaseUrl: string): string {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    // Not a URL: it cannot be taken apart safely, so none of it is shown.
    return '(DATABASE_URL, not shown: not a URL)';
  }
  url.password = '';
  for (const name of SECRET_PARAMS) if (url.searchParams.has(name)) url.searchParams.delete(name);
  return url.toString();
}
