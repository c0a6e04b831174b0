import { LRUCache } from 'lru-cache';
import type { Complexity, Thresholds, YearExports } from './measures.js';
import type { ComplexityLevel } from './year-exports.js';

/** What one computation is for, within one snapshot. */
export interface ComplexityKey extends Thresholds {
  edition: number;
  year: number;
  level: ComplexityLevel;
}

/** A computed year: its measures, or null when it has none (fewer than two kept, or σ = 0). */
type Computed = { value: Complexity | null };

/** The bytes a computed year holds (its arrays, and a little for the rest). */
export function complexityBytes(value: Complexity | null): number {
  if (!value) return 64;
  const arrays = Object.values(value as unknown as Record<string, ArrayBufferView>);
  return arrays.reduce((n, a) => n + a.byteLength, 1024);
}

/**
 * The computed years of one snapshot, kept while their bytes fit in `maxBytes`, least
 * recently used first out; a year asked for again while it is computed waits for that
 * computation instead of starting another.
 */
export class ComplexityCache {
  private readonly done: LRUCache<string, Computed>;
  private readonly running = new Map<string, Promise<Complexity | null>>();

  constructor(
    maxBytes: number,
    private readonly compute: (year: YearExports, thresholds: Thresholds) => Promise<Complexity | null>,
  ) {
    this.done = new LRUCache<string, Computed>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (c) => complexityBytes(c.value),
    });
  }

  /** The measures of `key`, computed from the exports `read` gives when not kept. */
  get(key: ComplexityKey, read: () => Promise<YearExports>): Promise<Complexity | null> {
    const id = JSON.stringify([key.edition, key.year, key.level, key.minCountryExports, key.minProductTrade]);
    const kept = this.done.get(id);
    if (kept) return Promise.resolve(kept.value);
    let work = this.running.get(id);
    if (!work) {
      work = (async () => {
        const { minCountryExports, minProductTrade } = key;
        const value = await this.compute(await read(), { minCountryExports, minProductTrade });
        this.done.set(id, { value });
        return value;
      })().finally(() => this.running.delete(id));
      this.running.set(id, work);
    }
    return work;
  }

  /** Bytes the kept years hold. */
  get bytes(): number {
    return this.done.calculatedSize;
  }
}
