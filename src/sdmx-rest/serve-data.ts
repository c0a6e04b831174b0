import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Stores, type DatasetStore } from '../datasets.js';
import { ApiError } from '../errors.js';
import { watchStalledReader } from '../http/stalled-reader.js';
import type { ExtractLimits, ExtractSlots } from '../operations/extract-slots.js';
import { FREQ_CODES, obsStatusCode } from './dataflow.js';
import { checkFlowRef, parseDataParams, parseKey, type DataParams, type DataQuery } from './data-query.js';
import { MEDIA_TYPES, negotiateFormat, type DataFormat } from './formats.js';
import { csvData } from './messages/csv.js';
import { genericData } from './messages/generic.js';
import { jsonData, type CodeNames } from './messages/json.js';
import { withObservations, type DataMessageWriter, type MessageContext } from './messages/message.js';
import { structureSpecificData } from './messages/structure-specific.js';
import { sdmxPeriodOf } from './periods.js';
import { keptPoints, selectSeries, type SelectedSeries } from './select-series.js';
import type { EconomicsStore } from '../economics/store.js';
import type { EconomicsCatalogue } from '../economics/catalogue.js';

/** Observations a credit pays for (CONTRACT §8). */
export const OBSERVATIONS_PER_CREDIT = 1000;

export interface DataContext {
  datasets: DatasetStore;
  limits: ExtractLimits;
  slots: ExtractSlots;
}

function writerOf(format: DataFormat, ctx: MessageContext, names: CodeNames): DataMessageWriter {
  switch (format) {
    case 'genericdata':
      return genericData(ctx);
    case 'structurespecificdata':
      return structureSpecificData(ctx);
    case 'jsondata':
      return jsonData(ctx, names);
    case 'csvdata':
      return csvData(ctx);
  }
}

/** The message, written series by series as the client reads it: one series' points in memory at a time. */
async function* message(
  writer: DataMessageWriter,
  data: { economics: EconomicsStore; catalogue: EconomicsCatalogue; selected: SelectedSeries[]; q: DataQuery },
): AsyncGenerator<string> {
  const { economics, catalogue, selected, q } = data;
  yield writer.start();
  const observations = withObservations(q.detail);
  for (const { series: s } of selected) {
    const points = observations
      ? keptPoints(await economics.seriesPoints(s.series_id, { from: q.from, to: q.to }), q)
      : [];
    yield writer.series({
      key: [FREQ_CODES[s.frequency], s.country_id, s.kpi_id],
      unit: catalogue.indicatorById.get(s.kpi_id)?.unit_code ?? '',
      observations: points.map((p) => ({
        period: sdmxPeriodOf(p.date, s.frequency),
        value: p.value,
        status: obsStatusCode(p.obs_status),
      })),
    });
  }
  yield writer.end();
}

/**
 * `GET /sdmx/2.1/data/{flow}/{key}`: the series the key and periods match, in the
 * format `Accept` (or `format`) asks. The observations are counted first and the
 * answer charged (1 credit per started 1 000, at least 1) before the first byte
 * (403 quota_exceeded otherwise); then the message streams series by series, under
 * the extract limits: one at a time per key, a client that stops reading or a
 * message past its time limit cut off.
 */
export async function serveData(request: FastifyRequest, reply: FastifyReply, ctx: DataContext): Promise<FastifyReply> {
  const params = request.params as { flow: string; key?: string };
  const query = request.query as DataParams & { format?: string };
  checkFlowRef(params.flow);
  const q: DataQuery = { ...parseKey(params.key), ...parseDataParams(query) };
  const format = negotiateFormat(request.headers.accept, query.format);
  if (!format)
    throw new ApiError(
      'not_acceptable',
      `Formats: ${Object.values(MEDIA_TYPES).join(', ')} (or format=${Object.keys(MEDIA_TYPES).join('|')}).`,
    );
  const release = ctx.slots.take(request.metering?.key.id ?? request.apiKey?.id ?? request.ip);
  const cut = () => reply.raw.destroy();
  const deadline = setTimeout(cut, ctx.limits.timeoutMs);
  const unwatch = watchStalledReader(reply.raw, ctx.limits.idleMs, () => {
    request.log.warn(`SDMX message cut off: the client read nothing for ${ctx.limits.idleMs / 1000} s`);
    cut();
  });
  try {
    return await ctx.datasets.use(async (snapshot) => {
      const stores = new Stores(snapshot, (db) => db);
      const economics = stores.economics;
      const { catalogue } = economics;
      const selected = await selectSeries(catalogue, economics, q);
      if (selected.length === 0)
        throw new ApiError('not_found', 'No results: no series matches the key, periods and updatedAfter.');
      const observations = withObservations(q.detail) ? selected.reduce((n, s) => n + s.observations, 0) : 0;
      await request.metering?.raiseTo?.(Math.max(1, Math.ceil(observations / OBSERVATIONS_PER_CREDIT)));
      const ctxOf: MessageContext = {
        id: request.id,
        prepared: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        detail: q.detail,
        flat: q.dimensionAtObservation === 'AllDimensions',
      };
      const names: CodeNames = {
        REF_AREA: (code) => catalogue.countryById.get(code)?.name,
        INDICATOR: (code) => catalogue.indicatorById.get(code)?.name,
      };
      const stream = Readable.from(message(writerOf(format, ctxOf, names), { economics, catalogue, selected, q }));
      void reply
        .header('content-type', MEDIA_TYPES[format])
        .header('x-observations', String(observations))
        .header('cache-control', 'private, no-store')
        .send(stream);
      await finished(stream).catch(() => undefined);
      return reply;
    });
  } finally {
    clearTimeout(deadline);
    unwatch();
    release();
  }
}
