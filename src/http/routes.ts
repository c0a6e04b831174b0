import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import { ErrorBodySchema } from './schemas.js';

const ErrorRef = Type.Ref(ErrorBodySchema);

/** The error answers every API operation documents. */
export const API_ERROR_RESPONSES = {
  400: ErrorRef,
  401: ErrorRef,
  403: ErrorRef,
  404: ErrorRef,
  422: ErrorRef,
  429: ErrorRef,
  500: ErrorRef,
  503: ErrorRef,
  504: ErrorRef,
} as const;

/**
 * Answers 405 with `Allow: GET, HEAD` for every other method on a known path. It
 * answers at the first hook, so neither the query string nor a body is looked at.
 */
export function allowOnlyGet(app: FastifyInstance, url: string): void {
  const refuse = async () => {
    throw new ApiError('method_not_allowed', undefined, { headers: { allow: 'GET, HEAD' } });
  };
  app.route({
    method: app.supportedMethods.filter((m) => m !== 'GET' && m !== 'HEAD'),
    url,
    schema: { hide: true },
    onRequest: refuse,
    handler: refuse,
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Epoch milliseconds by which the request's work must be done (QUERY_TIMEOUT_MS after arrival). */
    deadline: number;
  }
}

/**
 * Runs `work` under the request's deadline: past it, the answer is 504 and the
 * signal aborts, which interrupts the running query and stops further ones.
 */
export async function withinDeadline<T>(
  request: FastifyRequest,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        const timeout = new ApiError(
          'provider_timeout',
          'The request ran past its time limit; its queries were cancelled.',
        );
        // The signal carries the same 504: whatever waits on it fails the same way.
        controller.abort(timeout);
        reject(timeout);
      },
      Math.max(0, request.deadline - Date.now()),
    );
  });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** Milliseconds since the request arrived, for the trade envelope's `duration_ms`. */
export function durationMs(reply: FastifyReply): number {
  return Math.max(0, Math.round(reply.elapsedTime));
}
