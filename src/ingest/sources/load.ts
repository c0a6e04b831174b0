import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { COUNTRY_PROFILES } from '../../reference/countries.js';
import { INDICATORS } from '../../reference/indicators.js';
import { catalogueProblems, type CatalogueIds } from './check.js';
import { checkSourceFile, type PlacedSource } from './validate.js';

/** A source catalogue that cannot be used: `problems` holds one line per problem. */
export class SourceCatalogueError extends Error {
  override readonly name = 'SourceCatalogueError';
  constructor(
    readonly dir: string,
    readonly problems: string[],
  ) {
    super(`source catalogue ${dir}: ${problems.length} problem(s): ${problems[0] ?? ''}`);
  }
}

export interface SourceCatalogue {
  dir: string;
  /** The files read, by name. */
  files: string[];
  /** Every source, files in name order, then in file order. */
  sources: PlacedSource[];
}

/** The indicators and countries (aggregates included) of the economics catalogue. */
export function economicsCatalogueIds(): CatalogueIds {
  return { kpiIds: INDICATORS.map((d) => d.kpi_id), countryIds: COUNTRY_PROFILES.map((c) => c.iso3) };
}

/**
 * Reads every `*.json` file of `dir` (its top level, in name order), checks each
 * against the schema and all of them together; throws a SourceCatalogueError
 * listing every problem, each naming its file.
 */
export function loadSourceCatalogue(dir: string, ids: CatalogueIds = economicsCatalogueIds()): SourceCatalogue {
  let files: string[];
  try {
    files = readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.json'))
      .map((e) => e.name)
      .sort();
  } catch (err) {
    throw new SourceCatalogueError(dir, [`cannot be read: ${(err as Error).message}`]);
  }
  if (files.length === 0) throw new SourceCatalogueError(dir, ['holds no source file (*.json)']);
  const problems: string[] = [];
  const sources: PlacedSource[] = [];
  for (const file of files) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as unknown;
    } catch (err) {
      problems.push(`${file}: not JSON: ${(err as Error).message.split('\n')[0]}`);
      continue;
    }
    const checked = checkSourceFile(file, data);
    problems.push(...checked.problems);
    sources.push(...checked.sources);
  }
  problems.push(...catalogueProblems(sources, ids));
  if (problems.length) throw new SourceCatalogueError(dir, problems);
  return { dir, files, sources };
}
