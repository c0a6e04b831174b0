import type { ListedKey } from '../access/stores/admin.js';
import { formatTable, type Column } from './table.js';

/** One key in `keys list --json`: stable snake_case names, as in the HTTP API; never the key or its hash. */
export interface KeyListing {
  id: string;
  name: string;
  created_at: string;
  revoked_at: string | null;
  quota: number | null;
  rate: { requests: number; window_s: number } | null;
  usage: { period: string; credits: number; calls: number };
}

export function keyListing(k: ListedKey, period: string): KeyListing {
  return {
    id: k.id,
    name: k.name,
    created_at: k.createdAt,
    revoked_at: k.revokedAt,
    quota: k.quota,
    rate: k.rate ? { requests: k.rate.requests, window_s: k.rate.windowS } : null,
    usage: { period, credits: k.usage.credits, calls: k.usage.calls },
  };
}

/** An instant to the second: the milliseconds only widen the column. */
const toSecond = (iso: string) => iso.replace(/\.\d+Z$/, 'Z');

/**
 * The keys as an aligned table. An absent value is `-` (no quota is `none`, the
 * default rate `default`) so that no cell is blank and every row splits into the
 * same number of fields.
 */
export function keysTable(keys: KeyListing[], period: string): string {
  const columns: Column[] = [
    { header: 'id' },
    { header: 'name' },
    { header: 'created' },
    { header: 'revoked' },
    { header: 'quota', align: 'right' },
    { header: 'rate' },
    { header: `credits ${period}`, align: 'right' },
    { header: `calls ${period}`, align: 'right' },
  ];
  const rows = keys.map((k) => [
    k.id,
    k.name,
    toSecond(k.created_at),
    k.revoked_at ? toSecond(k.revoked_at) : '-',
    k.quota === null ? 'none' : String(k.quota),
    k.rate ? `${k.rate.requests}/${k.rate.window_s}s` : 'default',
    String(k.usage.credits),
    String(k.usage.calls),
  ]);
  return formatTable(columns, rows);
}
