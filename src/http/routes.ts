import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import type { Snapshot, SnapshotStore } from '../store/snapshot.js';
import { ErrorBodySchema } from './schemas.js';

const ErrorRef = Type.Ref(ErrorBodySchema);

/** The error answers every API operation documents. */
export const API_ERROR_RESPONSES = {
  400: ErrorRef, 401: ErrorRef, 403: ErrorRef, 404: ErrorRef, 422: ErrorRef,
  429: ErrorRef, 500: ErrorRef, 503: ErrorRef, 504: ErrorRef,
} as const;

const OTHER_METHODS = ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

/** Answers 405 with `Allow: GET, HEAD` for every other method on a known path. */
export function allowOnlyGet(app: FastifyInstance, url: string): void {
  app.route({
    method: [...OTHER_METHODS],
    url,
    schema: { hide: true },
    handler: async () => {
      throw new ApiError('method_not_allowed', undefined, { headers: { allow: 'GET, HEAD' } });
    },
  });
}

/** Runs a handler on the serving snapshot, which stays open until the handler settles. */
export function onSnapshot<R extends FastifyRequest>(
  store: SnapshotStore,
  handler: (request: R, snapshot: Snapshot, reply: FastifyReply) => Promise<unknown> | unknown,
) {
  return (request: R, reply: FastifyReply) => store.use((snapshot) => handler(request, snapshot, reply));
}

/** Milliseconds since the request arrived, for the trade envelope's `duration_ms`. */
export function durationMs(reply: FastifyReply): number {
  return Math.max(0, Math.round(reply.elapsedTime));
}
