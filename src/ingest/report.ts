import type { BadRow } from './types.js';

/** Why rows of a source were read but not loaded. */
export type NotLoadedKind = 'aggregate' | 'country' | 'series' | 'commodity' | 'flow';

const LABELS: Record<NotLoadedKind, string> = {
  aggregate: 'aggregates and other codes that name no country (World, regions, groups, totals)',
  country: 'countries outside the catalogue',
  series: 'series no mapping covers',
  commodity: 'commodity codes that are not HS6 products',
  flow: 'flow codes other than imports and exports',
};

interface Entry {
  kind: NotLoadedKind;
  code: string;
  name: string | undefined;
  rows: number;
}

/**
 * Source codes whose rows are deliberately not loaded (aggregates, codes no
 * mapping covers), with how many rows each and its name in the source. Iterates
 * as `["<kind> <code>", rows]` pairs.
 */
export class NotLoaded {
  private readonly entries = new Map<string, Entry>();

  /** Counts one row not loaded under a source code (`name`: the source's name of the code, if it gives one). */
  add(kind: NotLoadedKind, code: string, name?: string): void {
    const key = `${kind} ${code}`;
    const e = this.entries.get(key);
    if (e) {
      e.rows += 1;
      e.name ??= name || undefined;
    } else {
      this.entries.set(key, { kind, code, name: name || undefined, rows: 1 });
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get rows(): number {
    let n = 0;
    for (const e of this.entries.values()) n += e.rows;
    return n;
  }

  *[Symbol.iterator](): IterableIterator<[string, number]> {
    for (const [key, e] of this.entries) yield [key, e.rows];
  }

  /**
   * One line per kind: how many codes and rows, then the codes with their names
   * and row counts, largest first, at most `cap` of them.
   */
  summary(cap = 60): string[] {
    if (this.entries.size === 0) return [];
    const lines = [`not loaded: ${count(this.rows, 'row')} under ${count(this.entries.size, 'source code')}`];
    for (const kind of Object.keys(LABELS) as NotLoadedKind[]) {
      const list = [...this.entries.values()]
        .filter((e) => e.kind === kind)
        .sort((a, b) => b.rows - a.rows || (a.code < b.code ? -1 : 1));
      if (list.length === 0) continue;
      const rows = list.reduce((s, e) => s + e.rows, 0);
      const shown = list.slice(0, cap).map((e) => `${e.code}${e.name ? ` ${e.name}` : ''} (${e.rows})`);
      const rest = list.slice(cap);
      const tail = rest.length ? `, … and ${rest.length} more (${rest.reduce((s, e) => s + e.rows, 0)} rows)` : '';
      lines.push(`  ${LABELS[kind]}: ${count(list.length, 'code')}, ${count(rows, 'row')}: ${shown.join(', ')}${tail}`);
    }
    return lines;
  }
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/**
 * Bad rows as `bad row file:line: reason`, the first `cap` of them, then how many
 * more (`count`: all of them, when only the first are kept).
 */
export function badRowLines(badRows: BadRow[], cap = 10, count = badRows.length): string[] {
  const lines = badRows.slice(0, cap).map((b) => `bad row ${b.file}:${b.line}: ${b.reason}`);
  if (count > cap) lines.push(`… and ${count - cap} more bad rows (${count} in all)`);
  return lines;
}
