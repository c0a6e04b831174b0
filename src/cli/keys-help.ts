/** The usage texts of `npm run keys`: of the whole command, and of each subcommand. */

export const KEYS_USAGE = `usage: npm run keys -- <command> [options]

Manages the API keys of the service.

commands:
  create --name NAME [--quota CREDITS] [--rate N/SECONDS]
                   creates a key and prints it alone on the last line of stdout, once
  list [--json]    ids, names, quota, rate and usage this month; never a key
  revoke ID        revokes a key; every server refuses it within a second

Keys are kept in DATA_DIR/state (embedded backend), or in the PostgreSQL database
of DATABASE_URL when it is set (distributed backend). Each command names that store
on stderr ("keys in …"); stdout holds only its result.
Exit codes: 0 done, 1 failed (unknown key id, store unreachable), 2 invalid command line.
Run \`npm run keys -- <command> --help\` for a command's options.`;

export const CREATE_USAGE = `usage: npm run keys -- create --name NAME [--quota CREDITS] [--rate N/SECONDS]

Creates a key. The key is printed once, alone on the last line of stdout; only its
SHA-256 hash is stored. The line before names its id ("created key_…").

options:
  --name NAME         who or what the key is for (required)
  --quota CREDITS     credits per calendar month (UTC), a whole number; default: no quota
  --rate N/SECONDS    at most N requests per sliding window of SECONDS;
                      default: RATE_LIMIT_REQUESTS per RATE_LIMIT_WINDOW_S of the server
  -h, --help          this text`;

export const LIST_USAGE = `usage: npm run keys -- list [--json]

Lists every key, revoked ones included: id, name, created, revoked, quota, rate and
the credits and calls of this calendar month (UTC). Never shows a key or its hash.

options:
  --json              a JSON array instead of the table: id, name, created_at, revoked_at,
                      quota, rate {requests, window_s} or null, usage {period, credits, calls}
  -h, --help          this text`;

export const REVOKE_USAGE = `usage: npm run keys -- revoke ID

Revokes the key with this id (as \`npm run keys -- list\` shows it); every server
refuses the key within a second. Revoking a revoked key keeps its first revocation.

options:
  -h, --help          this text`;
