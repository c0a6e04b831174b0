import type { NomenclatureInput } from '../nomenclature.js';
import type { NotLoaded } from '../report.js';
import { readHsNomenclature } from './hs.js';
import {
  DEFAULT_WORKBOOK_LIMITS,
  readHsConcordance,
  type HsConversion,
  type HsCorrelation,
  type WorkbookLimits,
} from './hs-concordance.js';

/**
 * What `ingest hs` reads: nomenclature files (CSV or Comtrade JSON, `edition` for a
 * CSV) and UNSD conversion and correlation workbooks (`.xlsx`, read within `limits`),
 * in one batch.
 */
export async function readHsFiles(
  files: string[],
  edition?: number,
  limits: WorkbookLimits = DEFAULT_WORKBOOK_LIMITS,
): Promise<Required<NomenclatureInput> & { unmapped: NotLoaded }> {
  const workbooks = files.filter((f) => /\.xlsx$/i.test(f));
  const batch = readHsNomenclature(
    files.filter((f) => !workbooks.includes(f)),
    edition,
  );
  const out = {
    ...batch,
    conversions: [] as HsConversion[],
    correlations: [] as HsCorrelation[],
    badRowCount: batch.badRows.length,
  };
  for (const file of workbooks) {
    const tables = await readHsConcordance(file, limits);
    out.conversions.push(...tables.conversions);
    out.correlations.push(...tables.correlations);
    out.badRows.push(...tables.badRows);
    out.badRowCount += tables.badRowCount;
  }
  return out;
}
