import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatasetStore } from '../datasets.js';
import { ApiError } from '../errors.js';
import { allowOnlyGet } from '../http/routes.js';
import { ExtractSlots, type ExtractLimits } from '../operations/extract-slots.js';
import { AGENCY, FLOW_ID, FLOW_VERSION } from './dataflow.js';
import { dataflowMessage, dataStructureMessage } from './messages/structure.js';
import { serveData } from './serve-data.js';

export interface SdmxOptions {
  datasets: DatasetStore;
  /** The extract limits data messages are served under. */
  extracts: ExtractLimits;
}

const STRUCTURE_TYPE = 'application/vnd.sdmx.structure+xml;version=2.1';
const Text = Type.String({ maxLength: 100 });

/** The query a structure request may carry (`references`, `detail`). */
const STRUCTURE_QUERY = Type.Object(
  { references: Type.Optional(Text), detail: Type.Optional(Text) },
  { additionalProperties: false },
);

/** The query a data request may carry (checked further by `parseDataParams`). */
const DATA_QUERY = Type.Object(
  {
    startPeriod: Type.Optional(Text),
    endPeriod: Type.Optional(Text),
    updatedAfter: Type.Optional(Text),
    firstNObservations: Type.Optional(Text),
    lastNObservations: Type.Optional(Text),
    dimensionAtObservation: Type.Optional(Text),
    detail: Type.Optional(Text),
    format: Type.Optional(Text),
  },
  { additionalProperties: false },
);

/** Whether `agency`, `id`, `version` of a structure path name this service's (absent parts, `all`, `latest` match). */
function names(p: { agency?: string; id?: string; version?: string }): boolean {
  return (
    (p.agency === undefined || p.agency === 'all' || p.agency === AGENCY) &&
    (p.id === undefined || p.id === 'all' || p.id === FLOW_ID) &&
    (p.version === undefined || ['all', 'latest', '~', FLOW_VERSION].includes(p.version))
  );
}

/** `references` that bring the data structure's code lists and concepts along. */
const WITH_CHILDREN = new Set(['children', 'descendants', 'all']);

/**
 * SDMX REST 2.1 (CONTRACT §8), beside `/v1`: the dataflow and data structure
 * messages (no credits), data queries (charged by observations), 501 for the
 * resources of the standard this service does not implement. Every route takes the
 * key and the rate limit as `/v1` does; none is in the OpenAPI document.
 */
/** The dataflow and data structure messages, at every path SDMX REST gives them (free of credits). */
function registerStructures(app: FastifyInstance, datasets: DatasetStore): void {
  const structure =
    (build: typeof dataflowMessage, referencesDefault: string) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const params = request.params as { agency?: string; id?: string; version?: string };
      if (!names(params))
        throw new ApiError('not_found', `No such structure; this service has ${AGENCY},${FLOW_ID},${FLOW_VERSION}.`);
      const query = request.query as { references?: string };
      const children = WITH_CHILDREN.has(query.references ?? referencesDefault);
      const message = await datasets.use(async (snapshot) => {
        const catalogue = snapshot.content.economics;
        const codes = { countries: catalogue.listedCountries, indicators: catalogue.listedIndicators };
        const ctx = { id: request.id, prepared: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') };
        return build(ctx, children ? codes : undefined);
      });
      return reply.header('content-type', STRUCTURE_TYPE).send(message);
    };
  const free = { access: 'key' as const, cost: 0 };
  for (const url of [
    '/sdmx/2.1/dataflow',
    '/sdmx/2.1/dataflow/:agency',
    '/sdmx/2.1/dataflow/:agency/:id',
    '/sdmx/2.1/dataflow/:agency/:id/:version',
  ]) {
    allowOnlyGet(app, url);
    app.get(
      url,
      { schema: { hide: true, querystring: STRUCTURE_QUERY }, config: free },
      structure(dataflowMessage, 'none'),
    );
  }
  for (const url of [
    '/sdmx/2.1/datastructure',
    '/sdmx/2.1/datastructure/:agency',
    '/sdmx/2.1/datastructure/:agency/:id',
    '/sdmx/2.1/datastructure/:agency/:id/:version',
  ]) {
    allowOnlyGet(app, url);
    app.get(
      url,
      { schema: { hide: true, querystring: STRUCTURE_QUERY }, config: free },
      structure(dataStructureMessage, 'none'),
    );
  }
}

export function registerSdmx(app: FastifyInstance, opts: SdmxOptions): void {
  registerStructures(app, opts.datasets);
  const data = {
    datasets: opts.datasets,
    limits: opts.extracts,
    slots: new ExtractSlots(opts.extracts.concurrency),
  };
  for (const url of ['/sdmx/2.1/data/:flow', '/sdmx/2.1/data/:flow/:key', '/sdmx/2.1/data/:flow/:key/:provider']) {
    allowOnlyGet(app, url);
    app.get(
      url,
      { schema: { hide: true, querystring: DATA_QUERY }, config: { access: 'key', cost: 1 } },
      (request, reply) => serveData(request, reply, data),
    );
  }
  allowOnlyGet(app, '/sdmx/2.1/*');
  app.get('/sdmx/2.1/*', { schema: { hide: true }, config: { access: 'identify' } }, async () => {
    throw new ApiError('not_implemented', 'This service implements dataflow, datastructure and data of SDMX REST 2.1.');
  });
}
