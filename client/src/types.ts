import type { paths } from './api-types.js';

/** The paths of the API that answer GET (all of them). */
export type ApiPath = { [P in keyof paths]: paths[P] extends { get: unknown } ? P : never }[keyof paths];

type Get<P extends ApiPath> = paths[P]['get'];

/** The query parameters of an operation (every one optional where the service has a default). */
export type QueryOf<P extends ApiPath> =
  Get<P> extends { parameters: { query?: infer Q } } ? Exclude<Q, undefined> : never;

/** The path parameters of an operation (`cid`, `pid`). */
export type PathParamsOf<P extends ApiPath> = Get<P> extends { parameters: { path: infer X } } ? X : never;

/** The JSON body of an operation's 200 answer. */
export type BodyOf<P extends ApiPath> =
  Get<P> extends {
    responses: { 200: { content: { 'application/json': infer B } } };
  }
    ? B
    : never;

/** The `data` of an operation's 200 answer. */
export type DataOf<P extends ApiPath> = BodyOf<P> extends { data: infer D } ? D : never;

/** The paths whose answers are pages (`next_cursor`). */
export type PagedPath = '/v1/history' | '/v1/trade' | '/v1/trade/monthly';

/** One row of a paged operation's `data`. */
export type RowOf<P extends PagedPath> = DataOf<P> extends Array<infer R> ? R : never;
