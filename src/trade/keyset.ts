import type { CodeRange, TradeCatalogue } from './catalogue.js';
import { column, type Bindings } from './sql.js';

/**
 * Keyset paging of the trade listings (`/v1/trade`, `/v1/trade/monthly`). A page
 * ends at the sort key of its last row, and the next page is the rows that sort
 * after that key: no OFFSET, so a deep page costs what the first one does.
 */

/**
 * The sort key of a listed row: period, value descending, then exporter, importer
 * and hs6. A listing has one row per exporter, importer, product and period, so the
 * key orders rows totally. Countries are ISO2 codes, not row ids: a snapshot that
 * adds countries renumbers the ids, and a position must keep its meaning on a
 * replica that serves another snapshot.
 */
export interface ListingPosition {
  /** A year (annual) or a month index (monthly). */
  period: number;
  value: number;
  exporter: string;
  importer: string;
  hs6: number;
}

/** The sort-key columns of a listed row, with country ids as the serving snapshot numbers them. */
export interface ListedRow {
  exporter: number;
  importer: number;
  hs6: number;
  value: number;
}

/** The position of a listed row of the given period. */
export function rowPosition(catalogue: TradeCatalogue, row: ListedRow, period: number): ListingPosition {
  const { value, hs6 } = row;
  return { period, value, exporter: catalogue.iso2(row.exporter), importer: catalogue.iso2(row.importer), hs6 };
}

/** A position as the key of a cursor. */
export function positionKey(p: ListingPosition): [number, number, string, string, number] {
  return [p.period, p.value, p.exporter, p.importer, p.hs6];
}

const ISO2 = /^[A-Z]{2}$/;
const isCode = (v: unknown, max: number): v is number => Number.isSafeInteger(v) && Number(v) >= 0 && Number(v) <= max;
const isCountry = (v: unknown): v is string => typeof v === 'string' && ISO2.test(v);
// The range Bindings.bindDouble accepts; every stored trade value lies far inside it.
const isValue = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= Number.MAX_SAFE_INTEGER;

/** The position a cursor's key names; undefined for a key of any other shape. */
export function readPosition(key: unknown[]): ListingPosition | undefined {
  const [period, value, exporter, importer, hs6] = key;
  if (key.length !== 5 || !isCode(period, 32767) || !isValue(value) || !isCode(hs6, 999999)) return undefined;
  if (!isCountry(exporter) || !isCountry(importer)) return undefined;
  return { period, value, exporter, importer, hs6 };
}

/** How the listings write positions in their cursors and read them back. */
export const LISTING_KEYS = { read: readPosition, write: positionKey };

/**
 * A country of a position against the serving snapshot: the largest id whose ISO2
 * sorts at or before it, and whether that id is the country itself (a snapshot that
 * does not know it has no rows of it, only rows before and after).
 */
interface CountryBound {
  id: number;
  exact: boolean;
}

/** A position in the ids of the serving snapshot. */
export interface ListingBound {
  period: number;
  value: number;
  exporter: CountryBound;
  importer: CountryBound;
  hs6: number;
}

function countryBound(catalogue: TradeCatalogue, iso2: string): CountryBound {
  const known = catalogue.byIso2.get(iso2);
  if (known) return { id: known.id, exact: true };
  // Ids follow ISO2 order, so the countries sorting before `iso2` hold the ids up to it.
  let id = 0;
  for (const c of catalogue.countries) if (c.iso2 < iso2 && c.id > id) id = c.id;
  return { id, exact: false };
}

export function listingBound(catalogue: TradeCatalogue, p: ListingPosition): ListingBound {
  const exporter = countryBound(catalogue, p.exporter);
  return { period: p.period, value: p.value, exporter, importer: countryBound(catalogue, p.importer), hs6: p.hs6 };
}

/** `(a, b, …) > (x, y, …)` over ascending integer keys, written out (each value bound once). */
function ascendingAfter(keys: Array<{ sql: string } & CountryBound>, b: Bindings): string {
  const [first, ...rest] = keys;
  const at = b.bind(first!.id);
  const beyond = `${first!.sql} > ${at}`;
  if (rest.length === 0 || !first!.exact) return beyond;
  return `(${beyond} OR (${first!.sql} = ${at} AND ${ascendingAfter(rest, b)}))`;
}

/**
 * The conditions that keep, among rows of the bound's period, those sorted after
 * it; `valueSql` is the listed value's expression (a column or a fixed fragment).
 * The redundant `value <= v` is a plain column filter, which zone maps prune on.
 */
export function afterBound(bound: ListingBound, valueSql: string, b: Bindings): string[] {
  const value = b.bindDouble(bound.value);
  const keys = [
    { sql: column('exporter'), ...bound.exporter },
    { sql: column('importer'), ...bound.importer },
    { sql: column('hs6'), id: bound.hs6, exact: true },
  ];
  const tail = ascendingAfter(keys, b);
  return [`${valueSql} <= ${value}`, `(${valueSql} < ${value} OR (${valueSql} = ${value} AND ${tail}))`];
}

/**
 * A filter as a cursor's fingerprint reads it: country ids as ISO2 codes (ids are
 * renumbered between snapshots, codes are not), product ranges in code order.
 */
export function filterIdentity(catalogue: TradeCatalogue, filter: object): string {
  return JSON.stringify(filter, (key: string, value: unknown) => {
    if ((key === 'exporters' || key === 'importers') && Array.isArray(value))
      return (value as number[]).map((id) => catalogue.iso2(id));
    if (key === 'products' && Array.isArray(value))
      return [...(value as CodeRange[])].sort((x, y) => x.lo - y.lo || x.hi - y.hi);
    return value;
  });
}
