import { randomBytes } from 'node:crypto';
import { keyDisplayPrefix, type StoredKey } from '../keys.js';
import type { EmailTokenPurpose, StoredEmailToken } from './email-tokens.js';

/** The account that owns the keys of the `keys` CLI; created by the migrations, nobody can sign in as it. */
export const OPERATOR_ACCOUNT_ID = 'acct_operator';

export type AccountRole = 'user' | 'admin' | 'operator';

/** A session's last_seen_at is written at most this often, so that most requests write nothing. */
export const SESSION_TOUCH_EVERY_MS = 60_000;

/**
 * The shared credit budget of a key of `accountId`: the account's; none (the key
 * counts its own credits) for the operator's `keys` CLI keys and keys of no account.
 */
export function accountBudget(accountId: string | null): string | undefined {
  return accountId && accountId !== OPERATOR_ACCOUNT_ID ? accountId : undefined;
}

export interface Account {
  id: string;
  /** Lower-cased; null for the operator account only. */
  email: string | null;
  role: AccountRole;
  createdAt: string;
  disabledAt: string | null;
}

export interface AccountWithPassword extends Account {
  /** Null for the operator account, which cannot sign in. */
  passwordHash: string | null;
}

export type KeyRate = { requests: number; windowS: number };

/** The quota (credits per month, null: none) and rate (null: the service default) every key of an account carries. */
export interface AccountLimits {
  quota: number | null;
  rate: KeyRate | null;
}

export interface ListedAccount extends Account {
  keys: { active: number; revoked: number };
  /** What an admin set (or open sign-up did); null while the account has the service defaults. */
  limits: AccountLimits | null;
  /** Credits and calls of all the account's keys in the period listed. */
  usage: { credits: number; calls: number };
}

/** A key as the dashboard lists it: never the key, only its first characters. */
export interface AccountKey {
  id: string;
  name: string;
  /** Null for keys created before prefixes were kept. */
  prefix: string | null;
  createdAt: string;
  /** The last UTC day (YYYY-MM-DD) with a paid call, from the daily rollup. */
  lastUsedDay: string | null;
  status: 'active' | 'revoked';
  revokedAt: string | null;
  quota: number | null;
  rate: KeyRate | null;
  usage: { period: string; credits: number; calls: number };
}

/** What an account is made as besides its address and password. */
export interface NewAccount {
  role: Exclude<AccountRole, 'operator'>;
  /**
   * Limits the account has from the start, as if an admin had set them (an account
   * made by open sign-up: OPEN_SIGNUP_QUOTA_CREDITS); unset, the service defaults.
   */
  limits?: AccountLimits;
}

export interface NewAccountKey {
  name: string;
  /** The limits of the key when no admin has set the account's. */
  defaults: AccountLimits;
}

export interface DailyUsage {
  day: string;
  operation: string;
  calls: number;
  credits: number;
}

/** Accounts, sessions and account-scoped keys of the dashboard, on either backend. */
export interface AccountStore {
  /** Null when the email is taken (compared case-insensitively). */
  createAccount(email: string, passwordHash: string, kind: NewAccount): Promise<Account | null>;
  findAccountByEmail(email: string): Promise<AccountWithPassword | null>;
  accountById(id: string): Promise<Account | null>;
  /**
   * Every account (or only the one `accountId`), in order of creation, with its usage in
   * credit period `period` (YYYY-MM).
   */
  listAccounts(period: string, accountId?: string): Promise<ListedAccount[]>;
  /** What an admin set for the account (or open sign-up did); null while it has the service defaults. */
  accountLimits(accountId: string): Promise<AccountLimits | null>;
  /**
   * Sets an account's limits and, in the same transaction, those of every key it has,
   * so that its keys follow within the key stores' reload time. False when there is no such account.
   */
  setAccountLimits(accountId: string, limits: AccountLimits): Promise<boolean>;
  /** False when there is no such account. */
  setAccountDisabled(id: string, disabled: boolean): Promise<boolean>;

  createSession(tokenHash: string, accountId: string, expiresAt: Date): Promise<void>;
  /** The session's account, unless the session is unknown or expired or the account disabled. */
  sessionAccount(tokenHash: string, now: Date): Promise<Account | null>;
  deleteSession(tokenHash: string): Promise<void>;
  deleteSessionsOf(accountId: string): Promise<void>;
  /** Deletes the sessions expired by `now`; how many there were. */
  deleteExpiredSessions(now: Date): Promise<number>;

  /**
   * The key is returned here only, once; only its hash and prefix are stored. It gets
   * the account's limits, or `input.defaults` while an admin has set none.
   */
  createKey(accountId: string, input: NewAccountKey): Promise<{ key: string; record: AccountKey }>;
  /** The account's keys in order of creation, with their usage in credit period `period` (YYYY-MM). */
  listKeys(accountId: string, period: string): Promise<AccountKey[]>;
  /** False when the key is not one of this account's. */
  revokeKey(accountId: string, keyId: string): Promise<boolean>;
  /** Calls and credits of the account's keys per UTC day and operation, from `fromDay` (YYYY-MM-DD) on. */
  usageByDay(accountId: string, fromDay: string): Promise<DailyUsage[]>;
  close(): Promise<void>;

  /** Whether the account's address is verified (accounts from before verification existed are). */
  isEmailVerified(accountId: string): Promise<boolean>;
  /** Marks the account's address verified (accounts made by `npm run accounts`). */
  markEmailVerified(accountId: string): Promise<void>;
  /** Stores a new email token; tokens expired by now are deleted on the way. */
  createEmailToken(token: StoredEmailToken): Promise<void>;
  /** The account of an unused, unexpired token of `purpose`, or null; the token stays usable. */
  emailTokenAccount(hash: string, purpose: EmailTokenPurpose, now: Date): Promise<string | null>;
  /**
   * Uses a verify token: marks the account's address verified and voids its other verify
   * tokens. Its account, or null when the token is unknown, used or expired.
   */
  verifyEmail(hash: string, now: Date): Promise<string | null>;
  /**
   * Uses a reset token, in one transaction: sets the password hash, marks the address
   * verified (the link reached it), voids the other reset tokens and deletes every
   * session of the account. Its account, or null when the token is unknown, used or expired.
   */
  resetPassword(hash: string, passwordHash: string, now: Date): Promise<string | null>;
}

/**
 * Emails are compared and stored in one form: NFKC (full-width and other
 * compatibility forms become plain letters), lower-cased, without surrounding spaces.
 */
export function normaliseEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

export function generateAccountId(): string {
  return `acct_${randomBytes(8).toString('hex')}`;
}

/** The listing of a key just created (it has no usage yet). */
export function newAccountKey(record: StoredKey, key: string): AccountKey {
  const { id, name, createdAt, revokedAt, quota, rate } = record;
  return {
    ...{ id, name, prefix: keyDisplayPrefix(key), createdAt, lastUsedDay: null, status: 'active', revokedAt },
    ...{ quota, rate, usage: { period: createdAt.slice(0, 7), credits: 0, calls: 0 } },
  };
}
