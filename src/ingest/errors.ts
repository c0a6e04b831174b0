import type { BadRow } from './types.js';

/** An ingest refused: nothing was published, the serving snapshot stays as it was. */
export class IngestError extends Error {
  constructor(
    message: string,
    readonly badRows: BadRow[] = [],
    /** All bad rows, of which `badRows` are the first. */
    readonly badRowCount = badRows.length,
  ) {
    super(message);
  }
}

/**
 * Refuses a batch with more bad rows than the operator allows (`--max-bad-rows`;
 * `count`: all of them, when only the first are kept),
 * before anything is written: a source is loaded whole or not at all.
 */
export function refuseTooManyBadRows(badRows: BadRow[], maxBadRows: number, count = badRows.length): void {
  if (count <= maxBadRows) return;
  throw new IngestError(`${count} bad rows, more than the ${maxBadRows} allowed: nothing was loaded`, badRows, count);
}
