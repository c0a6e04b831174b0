import { readFred } from '../adapters/fred.js';
import { readSdmx } from '../adapters/sdmx.js';
import { readWorldBank } from '../adapters/worldbank.js';
import type { Source } from '../sources/schema.js';
import type { EconomicsBatch, EconomicsObservation } from '../types.js';
import { mappingOf } from './source-mapping.js';

/** A source's answers as read: values as the agency gives them, and what it withdrew. */
export interface FetchedBatch extends EconomicsBatch {
  /** Series and dates withdrawn (SDMX `action=Delete`); none for the other providers. */
  withdrawn: EconomicsObservation[];
}

/**
 * The batch of a source's answers, read by its provider's adapter through the
 * source's mapping and marked with its id, exactly as files of the same format are
 * read by `npm run ingest`. Values are as fetched: `scale` and `derive` apply to the
 * whole history (`served-series.ts`).
 */
export function readSource(source: Source, files: string[]): FetchedBatch {
  const mapping = mappingOf(source);
  if (source.provider === 'sdmx') return { ...readSdmx(files, mapping), source_id: source.id };
  const batch =
    source.provider === 'worldbank'
      ? readWorldBank(files, {}, mapping)
      : readFred(files, { series: source.series_id }, mapping);
  return { ...batch, source_id: source.id, withdrawn: [] };
}
