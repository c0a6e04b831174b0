import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** What the service knows of an API key. The key itself is never stored, only its hash. */
export interface ApiKeyRecord {
  id: string;
  name: string;
  /** Credits per calendar month (UTC); null = no quota. */
  quota: number | null;
  /** Per-key sliding window; null = the service default. */
  rate: { requests: number; windowS: number } | null;
  /**
   * Whose monthly credits the key spends: its account's, shared by every key of the
   * account (revoked ones included), or, when absent, the key's own.
   */
  budget?: string;
}

/** The id credits are counted under for `key`. */
export const budgetOf = (key: ApiKeyRecord): string => key.budget ?? key.id;

/** What a request needs of a stored key. */
export function keyRecord(k: StoredKey): ApiKeyRecord {
  const { id, name, quota, rate, budget } = k;
  return budget ? { id, name, quota, rate, budget } : { id, name, quota, rate };
}

export interface StoredKey extends ApiKeyRecord {
  hash: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface KeyStore {
  /** The record of a presented key, or null when it is unknown or revoked. */
  lookup(presentedKey: string): Promise<ApiKeyRecord | null>;
}

/** Keys are `etk_` + 32 random bytes (256 bits) in base64url: recognisable, unguessable. */
export const KEY_PREFIX = 'etk_';

export function generateKey(): string {
  return `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/**
 * What lists show of a key to tell it apart: `etk_` and 4 of its 43 random
 * characters (24 bits, of no help to a guess of the other 232).
 */
export function keyDisplayPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 4);
}

export function generateKeyId(): string {
  return `key_${randomBytes(6).toString('hex')}`;
}

/** Hashes of recently presented keys: every request presents one, and most present the same few. */
const recentHashes = new LRUCache<string, string>({ max: 10_000 });

export function hashKey(key: string): string {
  let hash = recentHashes.get(key);
  if (hash === undefined) {
    hash = createHash('sha256').update(key).digest('hex');
    recentHashes.set(key, hash);
  }
  return hash;
}

export const BOOTSTRAP_KEY_ID = 'bootstrap';

/**
 * Looks up BOOTSTRAP_API_KEY first (a key without quota), then the managed keys.
 */
export class LayeredKeyStore implements KeyStore {
  private readonly bootstrapHash: string | undefined;

  constructor(
    bootstrapKey: string | undefined,
    private readonly managed: KeyStore | undefined,
  ) {
    this.bootstrapHash = bootstrapKey ? hashKey(bootstrapKey) : undefined;
  }

  async lookup(presentedKey: string): Promise<ApiKeyRecord | null> {
    if (this.bootstrapHash && hashKey(presentedKey) === this.bootstrapHash) {
      return { id: BOOTSTRAP_KEY_ID, name: 'bootstrap', quota: null, rate: null };
    }
    return this.managed ? this.managed.lookup(presentedKey) : null;
  }
}

/** A key store holding only BOOTSTRAP_API_KEY (no quota), when it is set. */
export function bootstrapKeyStore(bootstrapKey: string | undefined): KeyStore {
  return new LayeredKeyStore(bootstrapKey, undefined);
}

/** `N/SECONDS` (e.g. `100/60`) as a rate. */
export function parseRate(text: string): { requests: number; windowS: number } {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1)
    throw new Error(`rate must be N/SECONDS with positive integers, got "${text}"`);
  return { requests: Number(m[1]), windowS: Number(m[2]) };
}

/** The month being counted, when it ends (epoch ms) and that instant as text, once asked for. */
let currentPeriod: { name: string; until: number; resetAt?: string } = { name: '', until: 0 };

/** The calendar month (UTC) credits are counted in, `YYYY-MM`. */
export function creditPeriod(now?: Date): string {
  if (now) return now.toISOString().slice(0, 7);
  // Every paid call asks: the month is computed again only once it has ended.
  const ms = Date.now();
  if (ms >= currentPeriod.until) {
    const d = new Date(ms);
    currentPeriod = { name: d.toISOString().slice(0, 7), until: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) };
  }
  return currentPeriod.name;
}

/** When the current month's credits renew: the next month's first instant, as an RFC 3339 UTC date-time. */
export function creditResetAt(): string {
  creditPeriod();
  if (currentPeriod.resetAt === undefined)
    currentPeriod.resetAt = new Date(currentPeriod.until).toISOString().replace('.000Z', 'Z');
  return currentPeriod.resetAt;
}
