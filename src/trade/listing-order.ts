/**
 * The order of a listing led by a country, a pair or a product, as row numbers of the
 * flows in the listing order of their year (year, value descending, exporter,
 * importer, product). Within one key and year a listing's order is the year's order
 * with the key fixed (value descending, then the ids), so a stable counting sort of
 * the year-ordered flows by key gives it: three passes over the flows, no comparison.
 */

/** The ids of the flows in the listing order of their year, and where each year's run starts. */
export interface YearOrderedFlows {
  count: number;
  exporter(row: number): number;
  importer(row: number): number;
  hs6(row: number): number;
  /** The years, ascending, and where each one's rows start (one more entry: the end). */
  years: { years: ArrayLike<number>; starts: ArrayLike<number> };
}

/** What leads a listing: a country on one side, a pair, or a product code, heading or chapter. */
export type LeadKind = 'exporter' | 'importer' | 'pair' | 'hs6' | 'heading' | 'chapter';

/**
 * Where a listing's rows are, one segment per key and year, keys ascending then
 * years; `starts` has one more entry, the end of the last segment.
 */
export interface SegmentIndex {
  keys: Float64Array;
  years: Uint16Array;
  starts: Float64Array;
}

/** A listing's order: its segments, and for each of its rows the row number of the flow. */
export interface ListingOrder {
  index: SegmentIndex;
  rows: Uint32Array;
}

/** The largest key part a slot table is made for (a product code): 2^24, 64 MiB of table. */
const MAX_PART = 2 ** 24;
/** Rows between two pauses (a few milliseconds of work). */
const PAUSE_ROWS = 1 << 16;

/** One part of a key (a country, a code or its prefix), and the slot (0, 1, …) of each of its values in order. */
interface KeyPart {
  of(row: number): number;
  slots: Int32Array;
  values: number[];
}

/** The parts of a kind's key, most significant first (a pair: exporter, importer). */
function partsOf(kind: LeadKind, flows: YearOrderedFlows): Array<(row: number) => number> {
  const exporter = (r: number) => flows.exporter(r);
  const importer = (r: number) => flows.importer(r);
  if (kind === 'exporter') return [exporter];
  if (kind === 'importer') return [importer];
  if (kind === 'pair') return [exporter, importer];
  const span = kind === 'hs6' ? 1 : kind === 'heading' ? 100 : 10_000;
  return [(r) => Math.floor(flows.hs6(r) / span)];
}

/** The values a key part takes, each with its slot in ascending order. */
async function keyPart(of: (row: number) => number, count: number, pause: () => Promise<void>): Promise<KeyPart> {
  let max = 0;
  for (let r = 0; r < count; r++) {
    const v = of(r);
    if (!(v >= 0 && v < MAX_PART && Number.isInteger(v))) throw new Error(`key ${v} beyond a slot table`);
    if (v > max) max = v;
    if ((r & (PAUSE_ROWS - 1)) === PAUSE_ROWS - 1) await pause();
  }
  const slots = new Int32Array(count > 0 ? max + 1 : 0).fill(-1);
  for (let r = 0; r < count; r++) {
    slots[of(r)] = 0;
    if ((r & (PAUSE_ROWS - 1)) === PAUSE_ROWS - 1) await pause();
  }
  const values: number[] = [];
  for (let v = 0; v < slots.length; v++) if (slots[v] === 0) slots[v] = values.push(v) - 1;
  return { of, slots, values };
}

/**
 * The order of the `kind` listing of `flows`. `pause` is awaited every few
 * milliseconds of work (to let other work run between). Fails on a key beyond
 * `MAX_PART` or more than 2^32 flows.
 */
export async function listingOrder(
  kind: LeadKind,
  flows: YearOrderedFlows,
  pause: () => Promise<void> = () => Promise.resolve(),
): Promise<ListingOrder> {
  if (flows.count > 2 ** 32) throw new Error(`${flows.count} flows: more than row numbers of 32 bits hold`);
  const parts: KeyPart[] = [];
  for (const of of partsOf(kind, flows)) parts.push(await keyPart(of, flows.count, pause));
  const [a, b] = parts as [KeyPart, KeyPart | undefined];
  const width = b ? b.values.length : 1;
  const slotOf = b ? (r: number) => a.slots[a.of(r)]! * width + b.slots[b.of(r)]! : (r: number) => a.slots[a.of(r)]!;
  const keyOf = b
    ? (s: number) => a.values[Math.floor(s / width)]! * 65536 + b.values[s % width]!
    : (s: number) => a.values[s]!;
  const segments = await countSegments(flows, { slots: a.values.length * width, slotOf }, pause);
  return placeRows(flows, { segments, slotOf, keyOf }, pause);
}

/** The segments found, year by year: each one's slot, year and rows. */
interface Counted {
  slot: Int32Array;
  year: Uint16Array;
  rows: Float64Array;
  /** Where each year's segments start in these lists (one more entry: the end). */
  byYear: number[];
  /** The segments of each slot. */
  perSlot: Int32Array;
}

/** Counts the rows of each key and year, year by year. */
async function countSegments(
  flows: YearOrderedFlows,
  keys: { slots: number; slotOf: (row: number) => number },
  pause: () => Promise<void>,
): Promise<Counted> {
  const { years, starts } = flows.years;
  const stamp = new Int32Array(keys.slots).fill(-1);
  const rows = new Float64Array(keys.slots);
  const perSlot = new Int32Array(keys.slots);
  const found: { slot: number[]; year: number[]; rows: number[] } = { slot: [], year: [], rows: [] };
  const byYear = [0];
  for (let y = 0; y < years.length; y++) {
    const touched: number[] = [];
    for (let r = starts[y]!; r < starts[y + 1]!; r++) {
      const s = keys.slotOf(r);
      if (stamp[s] !== y) {
        stamp[s] = y;
        rows[s] = 0;
        touched.push(s);
      }
      rows[s]!++;
      if ((r & (PAUSE_ROWS - 1)) === PAUSE_ROWS - 1) await pause();
    }
    for (const s of touched) {
      found.slot.push(s);
      found.year.push(years[y]!);
      found.rows.push(rows[s]!);
      perSlot[s]!++;
    }
    byYear.push(found.slot.length);
  }
  return {
    slot: Int32Array.from(found.slot),
    year: Uint16Array.from(found.year),
    rows: Float64Array.from(found.rows),
    byYear,
    perSlot,
  };
}

/** The segment index in key order, and each segment's rows placed in year order, stable. */
async function placeRows(
  flows: YearOrderedFlows,
  by: { segments: Counted; slotOf: (row: number) => number; keyOf: (slot: number) => number },
  pause: () => Promise<void>,
): Promise<ListingOrder> {
  const { segments, slotOf, keyOf } = by;
  const n = segments.slot.length;
  // A slot's segments are consecutive in key order, its years ascending as they were found.
  const firstOfSlot = new Int32Array(segments.perSlot.length);
  for (let s = 1; s < firstOfSlot.length; s++) firstOfSlot[s] = firstOfSlot[s - 1]! + segments.perSlot[s - 1]!;
  const placed = new Int32Array(segments.perSlot.length);
  const at = new Int32Array(n);
  const index: SegmentIndex = { keys: new Float64Array(n), years: new Uint16Array(n), starts: new Float64Array(n + 1) };
  for (let f = 0; f < n; f++) {
    const slot = segments.slot[f]!;
    const i = firstOfSlot[slot]! + placed[slot]!++;
    at[f] = i;
    index.keys[i] = keyOf(slot);
    index.years[i] = segments.year[f]!;
    index.starts[i + 1] = segments.rows[f]!;
  }
  for (let i = 0; i < n; i++) index.starts[i + 1]! += index.starts[i]!;
  const next = index.starts.slice(0, n);
  const order = new Uint32Array(flows.count);
  const segmentOf = new Int32Array(segments.perSlot.length);
  const { starts } = flows.years;
  for (let y = 0; y + 1 < segments.byYear.length; y++) {
    for (let f = segments.byYear[y]!; f < segments.byYear[y + 1]!; f++) segmentOf[segments.slot[f]!] = at[f]!;
    for (let r = starts[y]!; r < starts[y + 1]!; r++) {
      order[next[segmentOf[slotOf(r)]!]!++] = r;
      if ((r & (PAUSE_ROWS - 1)) === PAUSE_ROWS - 1) await pause();
    }
  }
  return { index, rows: order };
}
