import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import { API_ERROR_RESPONSES, allowOnlyGet, durationMs, onSnapshot } from '../http/routes.js';
import { tradeBody } from '../http/schemas.js';
import type { Snapshot, SnapshotStore } from '../store/snapshot.js';
import { normalizeText } from '../text.js';
import { EU_GROUP, codeRange, formatHs6, monthDate, type TradeCatalogue } from './catalogue.js';
import { orient, type Flow, type TradeFilter } from './filter.js';
import { TradeInput } from './params.js';
import { annualAggregate, annualObservations, monthlyGrouped, monthlyObservations, type AggregateRow, type GroupKey, type Method } from './queries.js';
import * as S from './schemas.js';

const TAGS = ['trade'];
const KG = 'kg';

function tradeCatalogue(snapshot: Snapshot): TradeCatalogue {
  if (!snapshot.trade) throw new ApiError('provider_unavailable', 'This snapshot holds no trade data.');
  return snapshot.trade;
}

type Grouped = { period: string | null; partner: string | null; exporter: string | null; importer: string | null; hs6: string | null; value_usd: number; quantity: number | null; flow_count: number };

/** A GroupedPoint: all eight keys, null except the grouping key. */
function grouped(cat: TradeCatalogue, key: GroupKey | 'month', keyValue: number, sums: { value: number; qty: number | null; n: number }): Grouped {
  const point: Grouped = { period: null, partner: null, exporter: null, importer: null, hs6: null, value_usd: sums.value, quantity: sums.qty, flow_count: Math.round(sums.n) };
  if (key === 'year') point.period = `${keyValue}-01-01`;
  else if (key === 'month') point.period = monthDate(keyValue);
  else if (key === 'hs6') point.hs6 = formatHs6(keyValue);
  else point[key] = cat.iso2(keyValue);
  return point;
}

const groupedRow = (cat: TradeCatalogue, key: GroupKey, r: AggregateRow) => grouped(cat, key, r[key]!, r);

export function registerTradeRoutes(app: FastifyInstance, store: SnapshotStore): void {
  const op = <Q extends TSchema | undefined, P extends TSchema | undefined>(
    url: string,
    summary: string,
    schemas: { cost: number; querystring?: Q; params?: P; data: TSchema; plainSerializer?: boolean },
    handler: (req: FastifyRequest, cat: TradeCatalogue, snap: Snapshot, reply: FastifyReply) => Promise<unknown> | unknown,
  ) => {
    allowOnlyGet(app, url);
    app.get(url, {
      schema: {
        summary,
        tags: TAGS,
        ...(schemas.querystring ? { querystring: schemas.querystring } : {}),
        ...(schemas.params ? { params: schemas.params } : {}),
        response: { 200: tradeBody(schemas.data), ...API_ERROR_RESPONSES },
      },
      config: { access: 'key', cost: schemas.cost },
      // A union response (monthly rows or grouped points) makes the schema serializer
      // test every item against each branch; plain JSON is much faster there.
      ...(schemas.plainSerializer ? { serializerCompiler: () => (data: unknown) => JSON.stringify(data) } : {}),
    }, onSnapshot(store, async (req, snap, reply) => {
      const data = await handler(req, tradeCatalogue(snap), snap, reply);
      return { data, request_id: req.id, duration_ms: durationMs(reply) };
    }));
  };

  type Q = Record<string, string | undefined> & { limit?: number };
  const q = (req: FastifyRequest) => req.query as Q;
  const p = (req: FastifyRequest) => req.params as Record<string, string>;

  /** reporter / partner / product / flow / from / to → a filter, validated then resolved. */
  const annualFilter = (cat: TradeCatalogue, query: Q, input = new TradeInput(cat), products?: { value?: TradeFilter['products'] }): TradeFilter => {
    const reporter = input.countries(query.reporter);
    const partner = input.countries(query.partner);
    const product = products ?? input.products(query.product, 'product');
    const years = input.years(query.from, query.to);
    input.resolve();
    return { terms: orient(reporter.value, partner.value, query.flow as Flow | undefined), products: product.value, ...years };
  };

  const productPath = (pid: string, input: TradeInput) => input.products(pid, 'pid', 'path');

  op('/v1/trade', 'Annual observations (exporter, importer, product, year)', { cost: 2, querystring: S.TradeQuery, data: Type.Array(S.TradeObservationSchema) }, async (req, cat, snap) => {
    const query = q(req);
    const rows = await annualObservations(snap.db, annualFilter(cat, query), query.limit!);
    return rows.map((r) => ({
      exporter: cat.iso2(r.exporter), importer: cat.iso2(r.importer), hs6: formatHs6(r.hs6), hs_version: cat.annualEdition(r.exporter, r.year),
      period: `${r.year}-01-01`, granularity: 'annual', value_usd: r.value, quantity: r.qty, quantity_unit: KG,
    }));
  });

  op('/v1/trade/summary', 'Totals, growth, unit value, top partners and concentration', { cost: 2, querystring: S.SummaryQuery, data: S.TradeSummarySchema }, async (req, cat, snap) => {
    const rows = await annualAggregate(snap.db, annualFilter(cat, q(req)), ['year', 'partner']);
    if (rows.length === 0) {
      return { trade_value: null, quantity: null, growth: null, unit_value: null, top_partners: [], partner_concentration: null, periods: [] };
    }
    let total = 0;
    let qty = 0;
    let anyQty = false;
    let valueQ = 0;
    const byYear = new Map<number, number>();
    const byPartner = new Map<number, number>();
    for (const r of rows) {
      total += r.value;
      if (r.qty !== null) {
        qty += r.qty;
        anyQty = true;
        valueQ += r.value_q ?? 0;
      }
      byYear.set(r.year!, (byYear.get(r.year!) ?? 0) + r.value);
      byPartner.set(r.partner!, (byPartner.get(r.partner!) ?? 0) + r.value);
    }
    const periods = [...byYear].sort((a, b) => a[0] - b[0]).map(([y, v]) => ({ period: String(y), value_usd: v }));
    const lastTwo = periods.slice(-2);
    const growth = lastTwo.length === 2 && Number(lastTwo[1]!.period) === Number(lastTwo[0]!.period) + 1 && lastTwo[0]!.value_usd !== 0
      ? 100 * (lastTwo[1]!.value_usd / lastTwo[0]!.value_usd - 1) : null;
    const partners = [...byPartner].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const shares = partners.map(([id, v]) => ({ partner: cat.iso2(id), value_usd: v, share: total === 0 ? 0 : v / total }));
    return {
      trade_value: total,
      quantity: anyQty ? qty : null,
      growth,
      unit_value: qty > 0 ? valueQ / qty : null,
      top_partners: shares.slice(0, 10),
      partner_concentration: total > 0 ? shares.reduce((s, x) => s + x.share * x.share, 0) : null,
      periods,
    };
  });

  op('/v1/trade/monthly', 'Monthly flows by exporter, importer and product, by declaring side', { cost: 3, querystring: S.MonthlyQuery, data: Type.Union([Type.Array(S.MonthlyObservationSchema), Type.Array(S.GroupedPointSchema)]), plainSerializer: true }, async (req, cat, snap) => {
    const query = q(req);
    const input = new TradeInput(cat);
    const exporters = input.countries(query.exporter);
    const importers = input.countries(query.importer);
    const products = input.products(query.product, 'product');
    const months = input.months(query.from, query.to);
    input.resolve();
    const f = { exporters: exporters.value, importers: importers.value, products: products.value, ...months, method: query.method as Method };
    if (query.group_by) {
      const key = query.group_by === 'period' ? 'month' : (query.group_by as 'exporter' | 'importer' | 'hs6');
      const rows = await monthlyGrouped(snap.db, f, key, query.limit!);
      return rows.map((r) => grouped(cat, key, r.key, r));
    }
    const rows = await monthlyObservations(snap.db, f, query.limit!);
    return rows.map((r) => ({
      exporter: cat.iso2(r.exporter), importer: cat.iso2(r.importer), hs6: formatHs6(r.hs6),
      hs_version: cat.monthlyEdition(r.reported_by === 'exporter' ? r.exporter : r.importer, r.month),
      period: monthDate(r.month), granularity: 'monthly', value_usd: r.value, quantity: r.qty, quantity_unit: KG, reported_by: r.reported_by,
    }));
  });

  op('/v1/trade/coverage', 'Years and months of data of each reporting country', { cost: 1, data: Type.Array(S.CoverageRowSchema) }, (_req, cat) => cat.coverage);

  op('/v1/trade/products', 'HS6 products by code prefix or name', { cost: 1, querystring: S.SearchQuery, data: Type.Array(S.ProductRowSchema) }, (req, cat) => {
    const query = q(req);
    const text = query.q!.trim();
    const code = /^(?:hs:)?(\d{1,6})$/i.exec(text);
    let matches;
    if (code) {
      matches = cat.products.filter((p) => p.code.startsWith(code[1]!));
    } else {
      // Every word must occur; text without letters or digits is matched as written.
      const normal = normalizeText(text);
      const words = normal === '' ? [text.toLowerCase()] : normal.split(' ');
      const nameOf = normal === '' ? (name: string) => name.toLowerCase() : normalizeText;
      matches = cat.products.filter((p) => {
        const name = nameOf(p.name);
        return words.every((w) => name.includes(w));
      });
    }
    return matches.slice(0, query.limit!).map((p) => ({ hs6: p.code, hs_version: p.hs_version, name: p.name }));
  });

  op('/v1/trade/products/:pid', 'The HS6 codes under a product code', { cost: 1, params: S.ProductParams, data: S.ProductDetailSchema }, (req, cat) => {
    const input = new TradeInput(cat);
    const product = productPath(p(req).pid!, input);
    input.resolve();
    const id = product.codes![0]!;
    return {
      id,
      matches: cat.productsIn(codeRange(id)).map((m) => ({ hs6: m.code, hs_version: m.hs_version, name: m.name, chapter: m.code.slice(0, 2), heading: m.code.slice(0, 4) })),
    };
  });

  op('/v1/trade/products/:pid/history', 'Annual trade of a product', { cost: 1, params: S.ProductParams, querystring: S.ProductHistoryQuery, data: Type.Array(S.GroupedPointSchema) }, async (req, cat, snap) => {
    const input = new TradeInput(cat);
    const filter = annualFilter(cat, q(req), input, productPath(p(req).pid!, input));
    const rows = await annualAggregate(snap.db, filter, ['year'], { orderBy: 'key' });
    return rows.map((r) => groupedRow(cat, 'year', r));
  });

  op('/v1/trade/products/:pid/markets', 'Largest exporters and importers of a product', { cost: 2, params: S.ProductParams, querystring: S.MarketsQuery, data: S.MarketsSchema }, async (req, cat, snap) => {
    const query = q(req);
    const input = new TradeInput(cat);
    const product = productPath(p(req).pid!, input);
    const years = input.years(query.from, query.to);
    input.resolve();
    const filter: TradeFilter = { terms: [{ partnerSide: 'importer' }], products: product.value, ...years };
    const [exp, imp] = await Promise.all([
      annualAggregate(snap.db, filter, ['exporter'], { orderBy: 'value', limit: query.limit }),
      annualAggregate(snap.db, filter, ['importer'], { orderBy: 'value', limit: query.limit }),
    ]);
    return { top_exporters: exp.map((r) => groupedRow(cat, 'exporter', r)), top_importers: imp.map((r) => groupedRow(cat, 'importer', r)) };
  });

  op('/v1/trade/countries', 'Countries by name, ISO2 or ISO3', { cost: 1, querystring: S.SearchQuery, data: Type.Array(S.CountryRowSchema) }, (req, cat) => {
    const query = q(req);
    // Text without letters or digits (`---`) is a valid query, matched as written.
    const raw = query.q!.trim().toLowerCase();
    const normal = normalizeText(raw);
    const text = normal === '' ? raw : normal;
    const nameOf = normal === '' ? (name: string) => name.toLowerCase() : normalizeText;
    const upper = query.q!.trim().toUpperCase();
    const rows = [
      { id: EU_GROUP.id, iso3: null as string | null, name: EU_GROUP.name, is_group: true },
      ...cat.countries.map((c) => ({ id: c.iso2, iso3: c.iso3, name: c.name, is_group: false })),
    ];
    const rank = (r: (typeof rows)[number]) => {
      if (r.id === upper || r.iso3 === upper) return 0;
      const name = nameOf(r.name);
      if (name.startsWith(text)) return 1;
      if (name.includes(text)) return 2;
      return -1;
    };
    return rows
      .map((r) => [rank(r), r] as const)
      .filter(([k]) => k >= 0)
      .sort((a, b) => a[0] - b[0] || (a[1].id < b[1].id ? -1 : 1))
      .slice(0, query.limit!)
      .map(([, r]) => r);
  });

  const countryPath = (req: FastifyRequest, input: TradeInput) => input.countries(p(req).cid, 'path');

  op('/v1/trade/countries/:cid', 'A country (or the EU group) and its region', { cost: 1, params: S.CountryParams, data: S.CountryDetailSchema }, (req, cat) => {
    const input = new TradeInput(cat);
    countryPath(req, input);
    input.resolve();
    const token = p(req).cid!.trim().toUpperCase();
    if (token === EU_GROUP.id) {
      return {
        id: 'EU', iso3: null, name: EU_GROUP.name, is_group: true, region: 'Europe', note: `Group of the ${EU_GROUP.members.length} EU member states; as a filter it expands to them.`,
        ...cat.provenance(cat.euIds),
      };
    }
    const c = cat.country(token)!;
    return {
      id: c.iso2, iso3: c.iso3, name: c.name, is_group: false, region: c.region,
      note: c.is_reporter ? 'Reporting country: declares its own imports and exports.' : "Partner only: its trade is known from reporting countries' declarations.",
      ...cat.provenance([c.id]),
    };
  });

  for (const flow of ['imports', 'exports'] as const) {
    op(`/v1/trade/countries/:cid/${flow}`, `Annual ${flow} of a country`, { cost: 1, params: S.CountryParams, querystring: S.CountryFlowQuery, data: Type.Array(S.GroupedPointSchema) }, async (req, cat, snap) => {
      const query = q(req);
      const input = new TradeInput(cat);
      const country = countryPath(req, input);
      const partner = input.countries(query.partner);
      const products = input.products(query.product, 'product');
      const years = input.years(query.from, query.to);
      input.resolve();
      const filter: TradeFilter = { terms: orient(country.value, partner.value, flow === 'exports' ? 'export' : 'import'), products: products.value, ...years };
      return (await annualAggregate(snap.db, filter, ['year'], { orderBy: 'key' })).map((r) => groupedRow(cat, 'year', r));
    });
  }

  const rankedBy = (key: 'partner' | 'hs6') => async (req: FastifyRequest, cat: TradeCatalogue, snap: Snapshot) => {
    const query = q(req);
    const input = new TradeInput(cat);
    const country = countryPath(req, input);
    const products = key === 'partner' ? input.products(query.product, 'product') : { value: undefined };
    const years = input.years(query.from, query.to);
    input.resolve();
    const flow = query.flow as Flow | undefined;
    const terms = flow
      ? orient(country.value, undefined, flow)
      : [{ exporters: country.value, partnerSide: 'importer' as const }, { importers: country.value, partnerSide: 'exporter' as const }];
    const rows = await annualAggregate(snap.db, { terms, products: products.value, ...years }, [key], { orderBy: 'value', limit: query.limit });
    return rows.map((r) => groupedRow(cat, key, r));
  };
  op('/v1/trade/countries/:cid/partners', 'Partners of a country ranked by trade value', { cost: 1, params: S.CountryParams, querystring: S.PartnersQuery, data: Type.Array(S.GroupedPointSchema) }, rankedBy('partner'));
  op('/v1/trade/countries/:cid/products', 'Products of a country ranked by trade value', { cost: 1, params: S.CountryParams, querystring: S.CountryProductsQuery, data: Type.Array(S.GroupedPointSchema) }, rankedBy('hs6'));
}
