import { readFred } from '../adapters/fred.js';
import { readSdmx } from '../adapters/sdmx.js';
import { readWorldBank } from '../adapters/worldbank.js';
import type { Source } from '../sources/schema.js';
import type { EconomicsBatch } from '../types.js';
import { mappingOf } from './source-mapping.js';

/**
 * The batch of a source's answers, read by its provider's adapter through the
 * source's mapping, its values multiplied by the source's `scale` and marked with
 * its id. Answers are read exactly as files of the same format are by `npm run ingest`.
 */
export function readSource(source: Source, files: string[]): EconomicsBatch {
  const mapping = mappingOf(source);
  const batch =
    source.provider === 'sdmx'
      ? readSdmx(files, mapping)
      : source.provider === 'worldbank'
        ? readWorldBank(files, {}, mapping)
        : readFred(files, { series: source.series_id }, mapping);
  const scale = source.scale ?? 1;
  const scaled = <T extends { value: number }>(o: T): T => (scale === 1 ? o : { ...o, value: o.value * scale });
  return {
    ...batch,
    source_id: source.id,
    observations: batch.observations.map(scaled),
    ...(batch.revisions ? { revisions: batch.revisions.map(scaled) } : {}),
  };
}
