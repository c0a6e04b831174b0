import { readBaci } from '../../src/ingest/adapters/baci.js';
import { readComtrade } from '../../src/ingest/adapters/comtrade.js';
import { readHsFiles } from '../../src/ingest/adapters/hs-files.js';
import { readWorldBank } from '../../src/ingest/adapters/worldbank.js';
import { ingestEconomics, type EconomicsIngestReport } from '../../src/ingest/economics.js';
import { loadMapping } from '../../src/ingest/mapping.js';
import { ingestNomenclature, type NomenclatureReport } from '../../src/ingest/nomenclature.js';
import { ingestTrade, type TradeIngestReport } from '../../src/ingest/trade.js';

export type Adapter = 'worldbank' | 'hs' | 'baci' | 'comtrade';

export interface IngestInput {
  files: string[];
  /** `--indicator`: the source indicator of a World Bank long CSV. */
  indicator?: string;
  /** `--max-bad-rows` (default 0). */
  maxBadRows?: number;
  /** The time an economics ingest records as `last_update` of the series it changes (default: now). */
  now?: Date;
}

/**
 * What `npm run ingest -- <adapter> <files>` does, called in-process: the CLI's
 * reader for the adapter, then the ingest that builds, validates and publishes the
 * snapshot. It throws where the CLI exits with 1. Tests of the command itself (its
 * arguments, output and exit code) run it as a process with `ingestCli`.
 */
export async function ingest(dataDir: string, adapter: 'worldbank', input: IngestInput): Promise<EconomicsIngestReport>;
export async function ingest(dataDir: string, adapter: 'hs', input: IngestInput): Promise<NomenclatureReport>;
export async function ingest(
  dataDir: string,
  adapter: 'baci' | 'comtrade',
  input: IngestInput,
): Promise<TradeIngestReport>;
export async function ingest(dataDir: string, adapter: Adapter, input: IngestInput): Promise<unknown>;
export async function ingest(dataDir: string, adapter: Adapter, input: IngestInput): Promise<unknown> {
  const { files } = input;
  const maxBadRows = input.maxBadRows ?? 0;
  switch (adapter) {
    case 'worldbank': {
      const batch = readWorldBank(files, { indicator: input.indicator }, loadMapping('worldbank'));
      return ingestEconomics(dataDir, batch, { maxBadRows, now: input.now });
    }
    case 'hs': {
      const { unmapped: _unmapped, ...read } = await readHsFiles(files);
      return ingestNomenclature(dataDir, read, { maxBadRows });
    }
    case 'baci':
    case 'comtrade': {
      const input = adapter === 'baci' ? await readBaci(files, {}) : readComtrade(files);
      return ingestTrade(dataDir, input, { maxBadRows, source: adapter });
    }
  }
}
