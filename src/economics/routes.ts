import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unknownToken } from '../errors.js';
import { listItems } from '../http/keywords.js';
import { API_ERROR_RESPONSES, allowOnlyGet, onSnapshot } from '../http/routes.js';
import { economicsBody } from '../http/schemas.js';
import type { SnapshotStore } from '../store/snapshot.js';
import { INDICATOR_GROUPS, type EconomicsCatalogue, type Series } from './catalogue.js';
import { parseDateRange, parseDateTime } from './dates.js';
import { historyPage } from './history.js';
import {
  CountrySchema, HistoryPointSchema, HistoryQuery, IndicatorSchema, LatestQuery, LatestValueSchema,
  SearchQuery, SearchResultSchema, UpdateItemSchema, UpdatesQuery,
} from './schemas.js';
import type { Transform } from './transforms.js';
import { SearchIndex } from './search.js';

const TAGS = ['economics'];
const searchIndexes = new WeakMap<EconomicsCatalogue, SearchIndex>();

function searchIndexOf(catalogue: EconomicsCatalogue): SearchIndex {
  let index = searchIndexes.get(catalogue);
  if (!index) searchIndexes.set(catalogue, (index = new SearchIndex(catalogue)));
  return index;
}

/** The items of a list parameter the schema validated, or undefined when it holds none. */
function tokensOf(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const items = listItems(value);
  return items.length === 0 ? undefined : items;
}

/** Country and indicator filters: lists split, then tokens resolved (404 for unknown ones). */
function seriesFilter(catalogue: EconomicsCatalogue, query: { country?: string; indicator?: string }) {
  const countryTokens = tokensOf(query.country);
  const indicatorTokens = tokensOf(query.indicator);
  return () => {
    const countries = countryTokens ? catalogue.resolveCountries(countryTokens) : undefined;
    const indicators = indicatorTokens ? catalogue.resolveIndicators(indicatorTokens) : undefined;
    return { countries, indicators, series: catalogue.selectSeries(countries, indicators) };
  };
}

function latestRow(catalogue: EconomicsCatalogue, s: Series) {
  const c = catalogue.countryById.get(s.country_id);
  const i = catalogue.indicatorById.get(s.kpi_id)!;
  return {
    series_id: s.series_id,
    country_id: s.country_id,
    country: c?.name ?? s.country_id,
    kpi_id: s.kpi_id,
    indicator: i.name,
    slug: i.slug,
    group: i.group,
    latest_value: s.latest_value,
    latest_value_date: s.latest_value_date,
    previous_value: s.previous_value,
    previous_value_date: s.previous_value_date,
    highest_value: s.highest_value,
    highest_value_date: s.highest_value_date,
    lowest_value: s.lowest_value,
    lowest_value_date: s.lowest_value_date,
    unit: i.unit,
    unit_code: i.unit_code,
    frequency: s.frequency,
    adjustment: s.adjustment,
    source_name: s.source_name,
    source_url: s.source_url,
    license_id: s.license_id,
    attribution_text: s.attribution_text,
    first_value_date: s.first_value_date,
    last_update: s.last_update,
  };
}

/** Operations 1–6: countries, indicators, latest, history, search, updates. */
export function registerEconomicsRoutes(app: FastifyInstance, store: SnapshotStore): void {
  const route = (url: string) => {
    allowOnlyGet(app, url);
    return url;
  };
  /** An API operation and the credits a 200 answer of it consumes. */
  const config = (cost: number) => ({ access: 'key' as const, cost });

  app.get(route('/v1/countries'), {
    schema: { summary: 'Every country and aggregate, sorted by country_id', tags: TAGS, response: { 200: economicsBody(Type.Array(CountrySchema)), ...API_ERROR_RESPONSES } },
    config: config(1),
  }, onSnapshot(store, (req, snap) => ({ data: snap.economics.countries, request_id: req.id })));

  app.get(route('/v1/indicators'), {
    schema: { summary: 'Every indicator, sorted by kpi_id', tags: TAGS, response: { 200: economicsBody(Type.Array(IndicatorSchema)), ...API_ERROR_RESPONSES } },
    config: config(1),
  }, onSnapshot(store, (req, snap) => ({ data: snap.economics.indicators, request_id: req.id })));

  app.get(route('/v1/latest'), {
    schema: { summary: 'Latest value of each matching series, sorted by country_id then kpi_id', tags: TAGS, querystring: LatestQuery, response: { 200: economicsBody(Type.Array(LatestValueSchema)), ...API_ERROR_RESPONSES } },
    config: config(1),
  }, onSnapshot(store, (req: FastifyRequest<{ Querystring: { country?: string; indicator?: string; group?: string } }>, snap) => {
    const cat = snap.economics;
    const resolve = seriesFilter(cat, req.query);
    const group = req.query.group?.trim().toLowerCase();
    const { series } = resolve();
    if (group !== undefined && group !== '' && !(INDICATOR_GROUPS as readonly string[]).includes(group)) throw unknownToken('indicator group', req.query.group!);
    const rows = series
      .filter((s) => !group || cat.indicatorById.get(s.kpi_id)?.group === group)
      .sort((a, b) => (a.country_id < b.country_id ? -1 : a.country_id > b.country_id ? 1 : a.kpi_id < b.kpi_id ? -1 : a.kpi_id > b.kpi_id ? 1 : 0))
      .map((s) => latestRow(cat, s));
    return { data: rows, request_id: req.id };
  }));

  app.get(route('/v1/history'), {
    schema: {
      summary: 'Observations sorted by series_id then date, 1000 a page, with optional transform',
      tags: TAGS,
      querystring: HistoryQuery,
      response: { 200: Type.Object({ data: Type.Array(HistoryPointSchema), next_cursor: Type.Union([Type.String(), Type.Null()]), request_id: Type.String({ format: 'uuid' }) }), ...API_ERROR_RESPONSES },
    },
    config: config(2),
  }, onSnapshot(store, async (req: FastifyRequest<{ Querystring: { country?: string; indicator?: string; from?: string; to?: string; transform: Transform; cursor?: string } }>, snap) => {
    const q = req.query;
    const resolve = seriesFilter(snap.economics, q);
    const range = parseDateRange(q.from, q.to);
    const { countries, indicators, series } = resolve();
    const page = await historyPage(snap.db, {
      series,
      countryIds: countries ? [...countries].sort() : null,
      kpiIds: indicators ? [...indicators].sort() : null,
      ...range,
      transform: q.transform,
      cursor: q.cursor,
    });
    return { data: page.data, next_cursor: page.next_cursor, request_id: req.id };
  }));

  app.get(route('/v1/search'), {
    schema: { summary: 'Countries, indicators and series matching free text, best first', tags: TAGS, querystring: SearchQuery, response: { 200: economicsBody(Type.Array(SearchResultSchema)), ...API_ERROR_RESPONSES } },
    config: config(1),
  }, onSnapshot(store, (req: FastifyRequest<{ Querystring: { q: string; limit: number } }>, snap) => {
    const q = req.query.q.trim();
    return { data: searchIndexOf(snap.economics).search(q, req.query.limit), request_id: req.id };
  }));

  app.get(route('/v1/updates'), {
    schema: { summary: 'Series whose data changed after `since`, sorted by last_update then series_id', tags: TAGS, querystring: UpdatesQuery, response: { 200: economicsBody(Type.Array(UpdateItemSchema)), ...API_ERROR_RESPONSES } },
    config: config(1),
  }, onSnapshot(store, (req: FastifyRequest<{ Querystring: { since: string; country?: string } }>, snap) => {
    const cat = snap.economics;
    const resolve = seriesFilter(cat, { country: req.query.country });
    const since = parseDateTime(req.query.since, 'since');
    const { series } = resolve();
    const rows = series
      .filter((s) => s.last_update !== null && Date.parse(s.last_update) > since)
      .sort((a, b) => (a.last_update! < b.last_update! ? -1 : a.last_update! > b.last_update! ? 1 : a.series_id < b.series_id ? -1 : 1))
      .map((s) => ({ series_id: s.series_id, country_id: s.country_id, kpi_id: s.kpi_id, slug: cat.indicatorById.get(s.kpi_id)!.slug, last_update: s.last_update! }));
    return { data: rows, request_id: req.id };
  }));
}
