import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import path from 'node:path';
import { Areas, type AreaRef } from '../areas.js';
import { NotLoaded } from '../report.js';
import { BAD_ROWS_KEPT, type Staged, type TradeInput } from '../staging.js';
import type { BadRow } from '../types.js';
import { editionOfComtradeCode } from './hs.js';
import { asArray, asString, at, isRecord, readJsonFile, scalarText, shown, type JsonObject } from './json.js';
import { DEFAULT_HS_EDITION } from '../../trade/catalogue.js';

interface Declaration {
  exporter: string;
  importer: string;
  hs6: number;
  side: 'exporter' | 'importer';
  value: number;
  qty: number | null;
}

/** A reporter or partner of a record: its ISO3 code, its numeric code and its name, as the record gives them. */
interface Party {
  role: 'reporter' | 'partner';
  iso: unknown;
  code: unknown;
  desc: string | undefined;
}

function partyOf(r: JsonObject, role: Party['role']): Party {
  return { role, iso: r[`${role}ISO`], code: r[`${role}Code`], desc: asString(r[`${role}Desc`]) };
}

/** Where a record is: its file and its position in `data` (from 1). */
interface Place {
  file: string;
  line: number;
}

const isMissing = (v: unknown) => v === null || v === undefined || v === '';

/** A declaration by its reporter: of exports (`X`, the reporter exports) or imports (`M`, the reporter imports). */
function declared(
  by: { flow: 'X' | 'M'; reporter: string; partner: string },
  what: Pick<Declaration, 'hs6' | 'value' | 'qty'>,
): Declaration {
  return by.flow === 'X'
    ? { exporter: by.reporter, importer: by.partner, side: 'exporter', ...what }
    : { exporter: by.partner, importer: by.reporter, side: 'importer', ...what };
}

/**
 * Every declaration of the records, in the order read (`seq`), before the flows are
 * reconciled from them: a temporary table of the file being written.
 */
const DECLARATIONS_DDL = `CREATE TEMP TABLE comtrade_declarations (exporter VARCHAR NOT NULL,
  importer VARCHAR NOT NULL, hs6 INTEGER NOT NULL, period SMALLINT NOT NULL, annual BOOLEAN NOT NULL,
  by_importer BOOLEAN NOT NULL, value DOUBLE NOT NULL, qty DOUBLE, seq BIGINT NOT NULL)`;

/**
 * One annual flow per key: the importer's declaration where it exists, else the
 * first read; monthly flows keep each side's last declaration.
 */
const RECONCILE_SQL = [
  `INSERT INTO temp.staged_annual
    SELECT exporter, importer, hs6, period, value, qty FROM temp.comtrade_declarations WHERE annual
    QUALIFY row_number() OVER (PARTITION BY exporter, importer, hs6, period ORDER BY by_importer DESC, seq) = 1`,
  `INSERT INTO temp.staged_monthly
    WITH last AS (
      SELECT * FROM temp.comtrade_declarations WHERE NOT annual
      QUALIFY row_number() OVER (PARTITION BY exporter, importer, hs6, period, by_importer ORDER BY seq DESC) = 1)
    SELECT exporter, importer, hs6, period,
      max(value) FILTER (WHERE NOT by_importer), max(qty) FILTER (WHERE NOT by_importer),
      max(value) FILTER (WHERE by_importer), max(qty) FILTER (WHERE by_importer)
    FROM last GROUP BY exporter, importer, hs6, period`,
  'DROP TABLE temp.comtrade_declarations',
];

/**
 * Reads Comtrade+ records into declarations, a response page at a time (appended
 * to the staging file as read, so memory holds one page, not the batch): places
 * reporters and partners and counts the HS editions the records are in.
 */
class ComtradeReader {
  readonly badRows: BadRow[] = [];
  badRowCount = 0;
  readonly unmapped = new NotLoaded();
  readonly countries = new Map<string, AreaRef>();
  private readonly areas = Areas.load();
  private readonly editions = new Map<number, number>();
  private seq = 0;

  /** Appends the declarations of one response page. */
  readFile(file: string, app: DuckDBAppender): void {
    const name = path.basename(file);
    const data = asArray(at(readJsonFile(file), 'data'));
    if (!data) {
      this.bad({ file: name, line: 1 }, 'not a Comtrade+ API v1 response (no data array)');
      return;
    }
    data.forEach((r, i) => {
      const where = { file: name, line: i + 1 };
      if (isRecord(r)) this.readRecord(r, where, app);
      else this.bad(where, 'not a Comtrade+ API v1 record (an object)');
    });
  }

  private bad(where: Place, reason: string): void {
    this.badRowCount++;
    if (this.badRows.length < BAD_ROWS_KEPT) this.badRows.push({ ...where, reason });
  }

  /** A reporter or partner by ISO3, else by its numeric code; a string when it is an aggregate. */
  private place(party: Party): AreaRef | string | undefined {
    const { iso, code } = party;
    const n = isMissing(code) ? NaN : Number(code);
    const aggregate = Number.isInteger(n) ? this.areas.aggregate(n) : undefined;
    if (aggregate !== undefined || iso === 'W00') return aggregate ?? 'World';
    const ref = this.areas.iso(asString(iso)) ?? (Number.isInteger(n) ? this.areas.numeric(n) : undefined);
    if (ref && !this.countries.has(ref.iso2)) this.countries.set(ref.iso2, ref);
    return ref;
  }

  /**
   * The ISO2 (or area) codes of the reporter and the partner of a record; undefined
   * when either is an aggregate (reported) or cannot be placed (a bad row).
   */
  private reporterAndPartner(r: JsonObject, where: Place): [string, string] | undefined {
    const parties = [partyOf(r, 'reporter'), partyOf(r, 'partner')];
    const refs = parties.map((party) => this.place(party));
    for (const [k, ref] of refs.entries()) {
      if (typeof ref !== 'string') continue;
      const { iso, code, desc } = parties[k]!;
      this.unmapped.add('aggregate', shown(iso ?? code), desc ?? ref);
      return undefined;
    }
    const [reporter, partner] = refs;
    if (typeof reporter === 'object' && typeof partner === 'object') return [reporter.iso2, partner.iso2];
    const { role, iso, code, desc } = parties[reporter ? 1 : 0]!;
    const named = `${role} ${shown(iso ?? '')} (${shown(code ?? 'no code')}${desc ? `, ${desc}` : ''})`;
    this.bad(where, `${named} is neither an ISO country nor an area of mappings/areas.json`);
    return undefined;
  }

  /** The declaration of a record of an HS6 product; undefined when the record is not loaded. */
  private declaration(r: JsonObject, where: Place): Declaration | undefined {
    const cmd = scalarText(r.cmdCode) ?? '';
    if (!/^\d{6}$/.test(cmd)) {
      this.unmapped.add('commodity', cmd, asString(r.cmdDesc));
      return undefined;
    }
    const codes = this.reporterAndPartner(r, where);
    if (!codes) return undefined;
    const flow = scalarText(r.flowCode) ?? '';
    if (flow !== 'X' && flow !== 'M') {
      this.unmapped.add('flow', flow, asString(r.flowDesc));
      return undefined;
    }
    const edition = editionOfComtradeCode(r.classificationCode);
    if (edition) this.editions.set(edition, (this.editions.get(edition) ?? 0) + 1);
    const value = Number(r.primaryValue);
    if (!Number.isFinite(value) || value < 0) {
      this.bad(where, `primaryValue "${shown(r.primaryValue)}" is not a USD value`);
      return undefined;
    }
    const qty = isMissing(r.netWgt) ? null : Number(r.netWgt);
    if (qty !== null && !Number.isFinite(qty)) {
      this.bad(where, `netWgt "${shown(r.netWgt)}" is not a weight in kg`);
      return undefined;
    }
    return declared({ flow, reporter: codes[0], partner: codes[1] }, { hs6: Number(cmd), value, qty });
  }

  private readRecord(r: JsonObject, where: Place, app: DuckDBAppender): void {
    const d = this.declaration(r, where);
    if (!d) return;
    const year = Number(r.refYear);
    const month = Number(r.refMonth);
    if (r.freqCode === 'A' && month === 52) this.append(app, d, { annual: true, period: year });
    else if (r.freqCode === 'M' && month >= 1 && month <= 12) {
      // Months since January 2000.
      this.append(app, d, { annual: false, period: (year - 2000) * 12 + month - 1 });
    } else this.bad(where, `period: freqCode "${shown(r.freqCode)}" with refMonth ${shown(r.refMonth)}`);
  }

  private append(app: DuckDBAppender, d: Declaration, at: { annual: boolean; period: number }): void {
    app.appendVarchar(d.exporter);
    app.appendVarchar(d.importer);
    app.appendInteger(d.hs6);
    app.appendSmallInt(at.period);
    app.appendBoolean(at.annual);
    app.appendBoolean(d.side === 'importer');
    app.appendDouble(d.value);
    if (d.qty === null) app.appendNull();
    else app.appendDouble(d.qty);
    app.appendBigInt(BigInt(this.seq++));
    app.endRow();
  }

  /** The edition given, else the one edition of the records (HS 2022 when they name none). */
  edition(hsVersion: number | undefined): number {
    // One edition per batch: flows keep the edition they were reported in.
    if (hsVersion === undefined && this.editions.size > 1) {
      const found = [...this.editions].map(([e, n]) => `HS ${e}: ${n} records`).join(', ');
      throw new Error(`the records are in several HS editions (${found}): load each edition separately`);
    }
    return hsVersion ?? [...this.editions.keys()][0] ?? DEFAULT_HS_EDITION;
  }

  /** Stages every page's declarations, then the flows reconciled from them. */
  async stage(conn: DuckDBConnection, files: string[], hsVersion: number | undefined): Promise<Staged> {
    await conn.run(DECLARATIONS_DDL);
    for (const file of files) {
      const app = await conn.createAppender('comtrade_declarations', 'main', 'temp');
      try {
        this.readFile(file, app);
      } finally {
        app.closeSync();
      }
    }
    const edition = this.edition(hsVersion);
    for (const sql of RECONCILE_SQL) await conn.run(sql);
    const { countries, badRows, badRowCount, unmapped } = this;
    return { hsVersion: edition, countries, badRows, badRowCount, unmapped };
  }
}

/**
 * UN Comtrade+ API v1 `data` records (`{elapsedTime,count,data,error}`), annual
 * (`freqCode` A, `refMonth` 52) and monthly (M). Each record is a declaration by its
 * reporter: `X` exports (the reporter is the exporter, FOB) and `M` imports (the
 * reporter is the importer, CIF). Monthly records keep both sides (for `method`);
 * annual ones are reconciled as the sample's are: the importer's where it exists.
 * Only HS6 commodity codes are trade of a product: `TOTAL` and 2/4-digit aggregates
 * are reported, not loaded; so are partners that sum others (`W00` World). Areas
 * without an ISO code (490 "Other Asia, nes", Bunkers …) are placed by their numeric
 * code (`mappings/areas.json`). The HS edition is the records' `classificationCode`
 * (one per batch) unless `hsVersion` is given; HS 2022 when the records omit it.
 */
export function readComtrade(files: string[], hsVersion?: number): TradeInput {
  return { stage: (conn) => new ComtradeReader().stage(conn, files, hsVersion) };
}
