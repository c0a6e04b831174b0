import { budgetOf } from '../access/keys.js';
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
  /** Whose credits the key spends: `key` (its own) or the account id (shared by the account's keys). */
  budget: string;
  /** Credits left this month in that budget; null without a quota. */
  remaining: number | null;
}

/** The keys as listed, each with the credits left in its budget (an account's keys together). */
export function keyListings(keys: ListedKey[], period: string): KeyListing[] {
  const spent = new Map<string, number>();
  for (const k of keys) spent.set(budgetOf(k), (spent.get(budgetOf(k)) ?? 0) + k.usage.credits);
  return keys.map((k) => ({
    id: k.id,
    name: k.name,
    created_at: k.createdAt,
    revoked_at: k.revokedAt,
    quota: k.quota,
    rate: k.rate ? { requests: k.rate.requests, window_s: k.rate.windowS } : null,
    usage: { period, credits: k.usage.credits, calls: k.usage.calls },
    budget: k.budget ?? 'key',
    remaining: k.quota === null ? null : Math.max(0, k.quota - spent.get(budgetOf(k))!),
  }));
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
    { header: 'budget' },
    { header: 'remaining', align: 'right' },
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
    k.budget,
    k.remaining === null ? 'none' : String(k.remaining),
  ]);
  return formatTable(columns, rows);
}
