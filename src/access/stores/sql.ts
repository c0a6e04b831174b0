/**
 * SQL text the SQLite and PostgreSQL stores share. Their placeholders differ (`?` and
 * `$n`), so what is bound stays in each store and is passed in where a fragment binds.
 */

/** The columns of accounts an Account is read from. */
export const ACCOUNT_COLUMNS = 'id, email, role, created_at, disabled_at';

/** The columns of accounts its limits are read from. */
export const LIMIT_COLUMNS = 'key_quota, key_rate_requests, key_rate_window_s, limits_set_at';

/** Keys in force: not revoked, and not of a disabled account (whose keys stop working as if revoked). */
export const ACTIVE_KEYS =
  'revoked_at IS NULL AND NOT EXISTS ' +
  '(SELECT 1 FROM accounts a WHERE a.id = account_id AND a.disabled_at IS NOT NULL)';

/**
 * The quota and rate columns of a new key (`a` being its account): those an admin set
 * for the account, else the values of the three placeholders given (the request's own,
 * or the service defaults).
 */
export function limitsOfAccount([quota, requests, windowS]: readonly [string, string, string]): string {
  return (
    `CASE WHEN a.limits_set_at IS NULL THEN ${quota} ELSE a.key_quota END, ` +
    `CASE WHEN a.limits_set_at IS NULL THEN ${requests} ELSE a.key_rate_requests END, ` +
    `CASE WHEN a.limits_set_at IS NULL THEN ${windowS} ELSE a.key_rate_window_s END`
  );
}
