import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Stores, type DatasetStore } from '../datasets.js';
import { API_ERROR_RESPONSES, allowOnlyGet, durationMs, withinDeadline } from '../http/routes.js';

/** Fields of the success envelope the pipeline fills in, never the operation. */
type Filled = 'request_id' | 'duration_ms';

/** What an operation's handler gets: its validated parameters and the stores of the serving snapshot. */
export interface OperationInput<Q extends TSchema, P extends TSchema> {
  query: Static<Q>;
  params: Static<P>;
  stores: Stores;
}

/** One API operation: its URL, documentation, parameters, answer, price and handler. */
export interface Operation<Q extends TObject = TObject, P extends TObject = TObject, B extends TObject = TObject> {
  url: string;
  summary: string;
  tag: 'economics' | 'trade';
  /** Credits a 200 answer consumes. */
  cost: number;
  query?: Q;
  params?: P;
  /** The 200 body, envelope included (see `http/schemas.ts`). */
  body: B;
  /**
   * Serialise the answer with JSON.stringify instead of the schema serializer: a
   * union in the body makes the latter try every item against each branch.
   */
  plainSerializer?: boolean;
  handler(input: OperationInput<Q, P>): Promise<Omit<Static<B>, Filled>> | Omit<Static<B>, Filled>;
}

/** Declares an operation; the types of `query`, `params` and the answer flow from its schemas. */
export function defineOperation<Q extends TObject, P extends TObject, B extends TObject>(
  operation: Operation<Q, P, B>,
): Operation<Q, P, B> {
  return operation;
}

/** The envelope fields of a body: `request_id` always, `duration_ms` where the body declares it. */
function envelope(
  body: TObject,
  request: FastifyRequest,
  reply: FastifyReply,
): Record<Filled, unknown> | { request_id: string } {
  return 'duration_ms' in body.properties
    ? { request_id: request.id, duration_ms: durationMs(reply) }
    : { request_id: request.id };
}

/**
 * Serves an operation at its URL (405 for other methods): the handler runs on the
 * serving snapshot, under the request's deadline. The snapshot stays open until the
 * handler settles, even when the deadline answered first.
 */
export function registerOperation<Q extends TObject, P extends TObject, B extends TObject>(
  app: FastifyInstance,
  operation: Operation<Q, P, B>,
  datasets: DatasetStore,
): void {
  const { url, summary, tag, cost, query, params, body, plainSerializer } = operation;
  allowOnlyGet(app, url);
  app.get(
    url,
    {
      schema: {
        summary,
        tags: [tag],
        ...(query ? { querystring: query } : {}),
        ...(params ? { params } : {}),
        response: { 200: body, ...API_ERROR_RESPONSES },
      },
      config: { access: 'key', cost },
      ...(plainSerializer ? { serializerCompiler: () => (data: unknown) => JSON.stringify(data) } : {}),
    },
    (request, reply) =>
      withinDeadline(request, (signal) =>
        datasets.use(async (snapshot) => {
          const stores = new Stores(snapshot.db.within(signal), snapshot.content);
          // The validator checked both against these very schemas before the handler runs.
          const input = { query: request.query as Static<Q>, params: request.params as Static<P>, stores };
          return { ...(await operation.handler(input)), ...envelope(body, request, reply) };
        }),
      ),
  );
}
