import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/**
 * The line numbers (from 1) of data rows of a CSV with a header line, given their
 * positions among the rows (from 0) as DuckDB's reader counts them: it skips blank
 * lines, so a position plus two is a row's line only in a file without any. Reads
 * the file as a stream up to the last row asked for.
 */
export async function physicalLines(file: string, ordinals: number[]): Promise<number[]> {
  if (ordinals.length === 0) return [];
  const wanted = new Map<number, number>();
  const asked = new Set(ordinals);
  const last = Math.max(...ordinals);
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let line = 0;
  let ordinal = -1;
  try {
    for await (const text of lines) {
      line++;
      if (line === 1 || text.trim() === '') continue;
      ordinal++;
      if (asked.has(ordinal)) wanted.set(ordinal, line);
      if (ordinal >= last) break;
    }
  } finally {
    lines.close();
  }
  return ordinals.map((o) => wanted.get(o) ?? o + 2);
}
