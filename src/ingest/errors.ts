import type { BadRow } from './types.js';

/** An ingest refused: nothing was published, the serving snapshot stays as it was. */
export class IngestError extends Error {
  constructor(
    message: string,
    readonly badRows: BadRow[] = [],
  ) {
    super(message);
  }
}

/**
 * Refuses a batch with more bad rows than the operator allows (`--max-bad-rows`),
 * before anything is written: a source is loaded whole or not at all.
 */
export function refuseTooManyBadRows(badRows: BadRow[], maxBadRows: number): void {
  if (badRows.length <= maxBadRows) return;
  throw new IngestError(`${badRows.length} bad rows, more than the ${maxBadRows} allowed: nothing was loaded`, badRows);
}
