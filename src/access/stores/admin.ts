import type { StoredKey } from '../keys.js';

export interface NewKey {
  name: string;
  quota: number | null;
  rate: { requests: number; windowS: number } | null;
  /** The account the key belongs to; the operator account when not given (the `keys` CLI). */
  accountId?: string;
}

export interface ListedKey extends Omit<StoredKey, 'hash'> {
  usage: { credits: number; calls: number };
}

/** What `npm run keys` does, on either backend. */
export interface KeyAdmin {
  create(input: NewKey): Promise<{ key: string; record: StoredKey }>;
  list(period: string): Promise<ListedKey[]>;
  revoke(id: string): Promise<boolean>;
  close(): Promise<void>;
}
