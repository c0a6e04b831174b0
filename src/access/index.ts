import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, DASHBOARD_PATH, invalidKeyMessage } from '../errors.js';
import { secretMatches } from '../secrets.js';
import type { ApiKeyRecord, KeyStore } from './keys.js';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: ApiKeyRecord;
  }
  interface FastifyContextConfig {
    /**
     * `key`: an API operation (gateway, key and limit checks); `identify`: a protocol
     * surface whose calls are each checked and charged as the operation they run
     * (gateway and key only); `gateway`: public but behind the gateway.
     */
    access?: 'key' | 'identify' | 'gateway';
    /** Credits a 200 answer of this operation consumes. */
    cost?: number;
  }
}

/**
 * A check that runs after the key is known, in order (rate limit, then quota).
 * It throws an ApiError to refuse the request, and may set response headers.
 */
export type AccessCheck = (request: FastifyRequest, reply: FastifyReply, key: ApiKeyRecord) => Promise<void>;

export interface AccessOptions {
  keyStore: KeyStore;
  gatewaySecret: string | undefined;
  checks?: AccessCheck[];
}

/** RFC 9110 / 6750: the scheme is case-insensitive and followed by one or more spaces. */
const BEARER = /^bearer +([!-~]+)$/i;

/**
 * A 401 with the challenge RFC 6750 asks for (`invalid_token` when a credential was
 * sent) and a message that says where keys come from.
 */
function invalidKey(credentialSent: boolean, message: string): ApiError {
  const challenge = credentialSent ? 'Bearer realm="api", error="invalid_token"' : 'Bearer realm="api"';
  return new ApiError('invalid_key', message, { headers: { 'www-authenticate': challenge } });
}

/** The one `Authorization` value, or null when it is missing or given more than once. */
function authorizationOf(request: FastifyRequest): { value: string | null; sent: boolean } {
  // Node keeps only the first of repeated Authorization headers: count the raw ones.
  const raw = request.raw.rawHeaders;
  const values: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'authorization') values.push(raw[i + 1]!);
  return { value: values.length === 1 ? values[0]!.trim() : null, sent: values.some((v) => v.trim() !== '') };
}

/**
 * The onRequest hook of the access rules, in the contract's order: gateway (403
 * forbidden) → key (401 invalid_key) → each further check. Routes without an
 * `access` setting (404 and 405 answers) skip it: the route is checked first.
 */
export function accessHook(opts: AccessOptions) {
  const checks = opts.checks ?? [];
  // Whether the server runs the dashboard is asked at the first refusal: every route,
  // the dashboard's included, exists once requests are served.
  let refusal: string | undefined;
  const invalidKeyText = (request: FastifyRequest) =>
    (refusal ??= invalidKeyMessage(request.server.hasRoute({ method: 'GET', url: DASHBOARD_PATH })));
  return async function checkAccess(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const access = request.routeOptions.config.access;
    if (!access) return;
    if (opts.gatewaySecret !== undefined && !secretMatches(opts.gatewaySecret, request.headers['x-gateway-secret'])) {
      throw new ApiError('forbidden');
    }
    if (access === 'gateway') return;
    try {
      const auth = authorizationOf(request);
      const match = auth.value === null ? null : BEARER.exec(auth.value);
      const key = match ? await opts.keyStore.lookup(match[1]!) : null;
      if (!key) throw invalidKey(auth.sent, invalidKeyText(request));
      request.apiKey = key;
      if (access === 'key') for (const check of checks) await check(request, reply, key);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      // A store that cannot answer never lets a request through unchecked.
      request.log.error({ err }, 'access store unavailable');
      throw new ApiError('provider_unavailable', 'The access-control store is unavailable; retry later.');
    }
  };
}
