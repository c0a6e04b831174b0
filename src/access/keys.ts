import { createHash } from 'node:crypto';

/** What the service knows of an API key. The key itself is never stored, only its hash. */
export interface ApiKeyRecord {
  id: string;
  name: string;
  /** Credits per calendar month (UTC); null = no quota. */
  quota: number | null;
}

export interface KeyStore {
  /** The record of a presented key, or null when it is unknown or revoked. */
  lookup(presentedKey: string): Promise<ApiKeyRecord | null>;
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Keys held in memory by hash: the bootstrap key, and whatever a caller registers. */
export class MemoryKeyStore implements KeyStore {
  private readonly byHash = new Map<string, ApiKeyRecord>();

  register(key: string, record: ApiKeyRecord): void {
    this.byHash.set(hashKey(key), record);
  }

  async lookup(presentedKey: string): Promise<ApiKeyRecord | null> {
    return this.byHash.get(hashKey(presentedKey)) ?? null;
  }
}

/** A key store holding only BOOTSTRAP_API_KEY (no quota), when it is set. */
export function bootstrapKeyStore(bootstrapKey: string | undefined): MemoryKeyStore {
  const store = new MemoryKeyStore();
  if (bootstrapKey) store.register(bootstrapKey, { id: 'bootstrap', name: 'bootstrap', quota: null });
  return store;
}
