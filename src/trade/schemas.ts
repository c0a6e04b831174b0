import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../http/schemas.js';

const Num = Type.Number();
const NullableNum = Nullable(Type.Number());
const NullableStr = Nullable(Type.String());

export const TradeObservationSchema = Type.Object({
  exporter: Type.String(), importer: Type.String(), hs6: Type.String(), hs_version: Type.Integer(),
  period: Type.String({ format: 'date' }), granularity: Type.String(), value_usd: Num, quantity: NullableNum, quantity_unit: Type.String(),
}, { title: 'TradeObservation' });

export const MonthlyObservationSchema = Type.Object({
  exporter: Type.String(), importer: Type.String(), hs6: Type.String(), hs_version: Type.Integer(),
  period: Type.String({ format: 'date' }), granularity: Type.String(), value_usd: Num, quantity: NullableNum, quantity_unit: Type.String(),
  reported_by: StringEnum(['exporter', 'importer']),
}, { title: 'MonthlyObservation' });

export const GroupedPointSchema = Type.Object({
  period: NullableStr, partner: NullableStr, exporter: NullableStr, importer: NullableStr, hs6: NullableStr,
  value_usd: Num, quantity: NullableNum, flow_count: Type.Integer(),
}, { title: 'GroupedPoint' });

export const TradeSummarySchema = Type.Object({
  trade_value: NullableNum,
  quantity: NullableNum,
  growth: NullableNum,
  unit_value: NullableNum,
  top_partners: Type.Array(Type.Object({ partner: Type.String(), value_usd: Num, share: Num }, { title: 'TopPartner' })),
  partner_concentration: NullableNum,
  periods: Type.Array(Type.Object({ period: Type.String(), value_usd: Num }, { title: 'PeriodPoint' })),
}, { title: 'TradeSummary' });

export const CoverageRowSchema = Type.Object({
  country: Type.String(), yearly_first: Nullable(Type.Integer()), yearly_last: Nullable(Type.Integer()),
  monthly_first: Nullable(Type.String({ format: 'date' })), monthly_last: Nullable(Type.String({ format: 'date' })),
}, { title: 'CoverageRow' });

export const ProductRowSchema = Type.Object({ hs6: Type.String(), hs_version: Type.Integer(), name: Type.String() }, { title: 'ProductRow' });

export const ProductDetailSchema = Type.Object({
  id: Type.String(),
  matches: Type.Array(Type.Object({ hs6: Type.String(), hs_version: Type.Integer(), name: Type.String(), chapter: Type.String(), heading: Type.String() }, { title: 'ProductMatch' })),
}, { title: 'ProductDetail' });

export const CountryRowSchema = Type.Object({ id: Type.String(), iso3: Type.Optional(NullableStr), name: Type.String(), is_group: Type.Boolean() }, { title: 'CountryRow' });

export const CountryDetailSchema = Type.Object({
  id: Type.String(), iso3: Type.Optional(NullableStr), name: Type.String(), is_group: Type.Boolean(),
  region: Type.Optional(NullableStr), note: Type.Optional(NullableStr),
}, { title: 'CountryDetail' });

export const MarketsSchema = Type.Object({ top_exporters: Type.Array(GroupedPointSchema), top_importers: Type.Array(GroupedPointSchema) }, { title: 'Markets' });

const COUNTRY = '[A-Za-z]{2,3}';
const HS_CODE = '(?:[hH][sS]:)?(?:\\d{2}|\\d{4}|\\d{6})';
/** A comma-separated list whose items match `item` (blank items are dropped later). */
const listOf = (item: string) => `^\\s*(?:${item})?\\s*(?:,\\s*(?:${item})?\\s*)*$`;
const country = (what: string) => Type.Optional(Type.String({ pattern: listOf(COUNTRY), description: `${what}: ISO2 or ISO3 codes (any case) or EU, comma-separated` }));
const product = Type.Optional(Type.String({ pattern: listOf(HS_CODE), description: 'HS codes of 2, 4 or 6 digits, optionally prefixed hs:, comma-separated' }));
const year = (bound: string) => Type.Optional(Type.String({ pattern: '^\\d{4}$', description: `the ${bound} year, written YYYY (inclusive)` }));
const month = (bound: string) => Type.Optional(Type.String({ pattern: '^\\d{4}(-(0[1-9]|1[0-2]))?$', description: `the ${bound} month, written YYYY-MM or YYYY (inclusive)` }));
const flow = Type.Optional(StringEnum(['export', 'import'], { description: "from the reporter's side" }));
const limit = (max: number, dflt: number) => Type.Integer({ minimum: 1, maximum: max, default: dflt });

export const TradeQuery = Type.Object({ reporter: country('reporting country'), partner: country('partner country'), product, flow, from: year('first'), to: year('last'), limit: limit(10000, 1000) });
export const SummaryQuery = Type.Object({ reporter: country('reporting country'), partner: country('partner country'), product, flow, from: year('first'), to: year('last') });
export const MonthlyQuery = Type.Object({
  exporter: country('exporter'), importer: country('importer'), product, from: month('first'), to: month('last'),
  method: StringEnum(['reconciled', 'exporter', 'importer'], { default: 'reconciled' }),
  group_by: Type.Optional(StringEnum(['period', 'exporter', 'importer', 'hs6'])),
  limit: limit(10000, 1000),
});
export const SearchQuery = Type.Object({ q: Type.String({ minLength: 1 }), limit: limit(500, 50) }, { required: ['q'] });
export const ProductParams = Type.Object({ pid: Type.String({ pattern: `^${HS_CODE}$`, description: 'an HS code of 2, 4 or 6 digits, optionally prefixed hs:' }) });
export const CountryParams = Type.Object({ cid: Type.String({ pattern: `^${COUNTRY}$`, description: 'an ISO2 (or ISO3) country code, or EU' }) });
export const ProductHistoryQuery = Type.Object({ reporter: country('reporting country'), partner: country('partner country'), flow, from: year('first'), to: year('last') });
export const MarketsQuery = Type.Object({ from: year('first'), to: year('last'), limit: limit(200, 20) });
export const CountryFlowQuery = Type.Object({ partner: country('partner country'), product, from: year('first'), to: year('last') });
export const PartnersQuery = Type.Object({ flow, product, from: year('first'), to: year('last'), limit: limit(500, 50) });
export const CountryProductsQuery = Type.Object({ flow, from: year('first'), to: year('last'), limit: limit(500, 50) });
