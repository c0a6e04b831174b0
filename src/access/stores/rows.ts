import {
  accountBudget,
  type Account,
  type AccountKey,
  type AccountLimits,
  type AccountRole,
  type KeyRate,
  type ListedAccount,
} from '../accounts/store.js';
import type { StoredKey } from '../keys.js';

/*
 * The rows of the access tables as each backend's driver returns them, and what they
 * are in the domain: one mapping serves both backends, reading timestamps and 64-bit
 * integers through the backend's column reader.
 */

/** How a backend's driver returns a timestamp and a 64-bit integer (counts, sums, quotas). */
interface ColumnTypes {
  time: unknown;
  big: unknown;
}

/** The SQLite driver (libsql): timestamps are stored as ISO text, integers come back as numbers. */
type SqliteColumns = { time: string; big: number };

/** pg: TIMESTAMPTZ comes back as a Date, BIGINT (and count, sum) as text. */
type PgColumns = { time: Date; big: string };

/** Reads a backend's timestamps and 64-bit integers as the domain has them. */
interface ColumnReader<C extends ColumnTypes> {
  time(value: C['time']): string;
  big(value: C['big']): number;
}

interface AccountRow<C extends ColumnTypes> {
  id: string;
  email: string | null;
  password_hash: string | null;
  role: AccountRole;
  created_at: C['time'];
  disabled_at: C['time'] | null;
}

interface LimitsRow<C extends ColumnTypes> {
  key_quota: C['big'] | null;
  key_rate_requests: number | null;
  key_rate_window_s: number | null;
  limits_set_at: C['time'] | null;
}

/** An account with its limits, its keys counted and their usage of a period summed. */
type ListedAccountRow<C extends ColumnTypes> = AccountRow<C> &
  LimitsRow<C> & { active: C['big']; revoked: C['big']; credits: C['big']; calls: C['big'] };

/** The columns of api_keys every key mapping reads. */
interface KeyColumns<C extends ColumnTypes> {
  id: string;
  name: string;
  created_at: C['time'];
  revoked_at: C['time'] | null;
  quota: C['big'] | null;
  rate_requests: number | null;
  rate_window_s: number | null;
}

/** A key as the dashboard lists it, with its last day of use and its usage of a period. */
interface AccountKeyRow<C extends ColumnTypes> extends KeyColumns<C> {
  key_prefix: string | null;
  last_used_day: string | null;
  credits: C['big'];
  calls: C['big'];
}

/** A key as the key stores and the `keys` CLI read it. */
interface KeyRow<C extends ColumnTypes> extends KeyColumns<C> {
  key_hash: string;
  account_id: string | null;
}

function rateFrom(requests: number | null, windowS: number | null): KeyRate | null {
  return requests && windowS ? { requests, windowS } : null;
}

function timeOrNull<C extends ColumnTypes>(value: C['time'] | null, read: ColumnReader<C>): string | null {
  return value === null ? null : read.time(value);
}

function bigOrNull<C extends ColumnTypes>(value: C['big'] | null, read: ColumnReader<C>): number | null {
  return value === null ? null : read.big(value);
}

function accountFrom<C extends ColumnTypes>(r: AccountRow<C>, read: ColumnReader<C>): Account {
  return {
    id: r.id,
    email: r.email,
    role: r.role,
    createdAt: read.time(r.created_at),
    disabledAt: timeOrNull(r.disabled_at, read),
  };
}

function limitsFrom<C extends ColumnTypes>(r: LimitsRow<C>, read: ColumnReader<C>): AccountLimits | null {
  if (r.limits_set_at === null) return null;
  return { quota: bigOrNull(r.key_quota, read), rate: rateFrom(r.key_rate_requests, r.key_rate_window_s) };
}

function listedAccountFrom<C extends ColumnTypes>(r: ListedAccountRow<C>, read: ColumnReader<C>): ListedAccount {
  return {
    ...accountFrom(r, read),
    keys: { active: read.big(r.active), revoked: read.big(r.revoked) },
    limits: limitsFrom(r, read),
    usage: { credits: read.big(r.credits), calls: read.big(r.calls) },
  };
}

function accountKeyFrom<C extends ColumnTypes>(r: AccountKeyRow<C>, period: string, read: ColumnReader<C>): AccountKey {
  return {
    id: r.id,
    name: r.name,
    prefix: r.key_prefix,
    createdAt: read.time(r.created_at),
    lastUsedDay: r.last_used_day,
    status: r.revoked_at === null ? 'active' : 'revoked',
    revokedAt: timeOrNull(r.revoked_at, read),
    quota: bigOrNull(r.quota, read),
    rate: rateFrom(r.rate_requests, r.rate_window_s),
    usage: { period, credits: read.big(r.credits), calls: read.big(r.calls) },
  };
}

function storedKeyFrom<C extends ColumnTypes>(r: KeyRow<C>, read: ColumnReader<C>): StoredKey {
  return {
    id: r.id,
    name: r.name,
    hash: r.key_hash,
    createdAt: read.time(r.created_at),
    revokedAt: timeOrNull(r.revoked_at, read),
    quota: bigOrNull(r.quota, read),
    rate: rateFrom(r.rate_requests, r.rate_window_s),
    ...(accountBudget(r.account_id) ? { budget: r.account_id! } : {}),
  };
}

const SQLITE_COLUMNS: ColumnReader<SqliteColumns> = { time: (value) => value, big: (value) => value };

const PG_COLUMNS: ColumnReader<PgColumns> = { time: (value) => value.toISOString(), big: Number };

/** A backend's rows, as its driver returns them. */
export interface Rows<C extends ColumnTypes> {
  account: AccountRow<C>;
  limits: LimitsRow<C>;
  listedAccount: ListedAccountRow<C>;
  accountKey: AccountKeyRow<C>;
  key: KeyRow<C>;
}

/** What a backend's rows are in the domain. */
export interface RowMappings<C extends ColumnTypes> {
  account: (r: AccountRow<C>) => Account;
  limits: (r: LimitsRow<C>) => AccountLimits | null;
  listedAccount: (r: ListedAccountRow<C>) => ListedAccount;
  /** A key of an account, with its usage in credit period `period`. */
  accountKey: (r: AccountKeyRow<C>, period: string) => AccountKey;
  storedKey: (r: KeyRow<C>) => StoredKey;
}

function rowMappings<C extends ColumnTypes>(read: ColumnReader<C>): RowMappings<C> {
  return {
    account: (r) => accountFrom(r, read),
    limits: (r) => limitsFrom(r, read),
    listedAccount: (r) => listedAccountFrom(r, read),
    accountKey: (r, period) => accountKeyFrom(r, period, read),
    storedKey: (r) => storedKeyFrom(r, read),
  };
}

export type SqliteRows = Rows<SqliteColumns>;
export const SQLITE_ROWS = rowMappings(SQLITE_COLUMNS);

export type PgRows = Rows<PgColumns>;
export const PG_ROWS = rowMappings(PG_COLUMNS);
