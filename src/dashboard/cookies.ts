import type { TLSSocket } from 'node:tls';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The session cookie (its token), the pre-sign-in CSRF cookie and the device cookie of a past sign-in. */
export const SESSION_COOKIE = 'session';
export const PRE_CSRF_COOKIE = 'csrf_pre';
export const DEVICE_COOKIE = 'device';
export const SESSION_MAX_AGE_S = 7 * 24 * 3600;

/**
 * Whether the request came over HTTPS: to this server's own TLS (`TLS_CERT_FILE`), or,
 * as a trusted proxy's `X-Forwarded-Proto` says, to the proxy in front.
 */
function overHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https' || (request.raw.socket as Partial<TLSSocket> | undefined)?.encrypted === true;
}

/**
 * A cookie's name on the wire. Over HTTPS (to this server, or as the original request
 * came behind a trusted proxy) it carries the `__Host-` prefix: the browser then keeps it only if
 * it is Secure, for this host alone and for every path, so no sibling domain or
 * plain-HTTP page can plant one.
 */
function wireName(request: FastifyRequest, name: string): string {
  return overHttps(request) ? `__Host-${name}` : name;
}

/** The value of cookie `name`, or undefined. Values are URL-safe base64 (and dots): no decoding is needed. */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  const wanted = wireName(request, name);
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === wanted) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * Sets a cookie: HttpOnly (no script reads it), SameSite=Strict (no cross-site
 * request carries it); over HTTPS Secure with the `__Host-` prefix (whose rules ask
 * for `Path=/`), else scoped to the dashboard. `maxAgeS` 0 deletes it.
 */
export function setCookie(
  reply: FastifyReply,
  { name, value, maxAgeS }: { name: string; value: string; maxAgeS?: number },
): void {
  const https = overHttps(reply.request);
  const parts = [`${wireName(reply.request, name)}=${value}`, `Path=${https ? '/' : '/dashboard'}`];
  parts.push('HttpOnly', 'SameSite=Strict');
  if (maxAgeS !== undefined) parts.push(`Max-Age=${maxAgeS}`);
  if (https) parts.push('Secure');
  // Fastify adds to the `set-cookie` values already set rather than replacing them.
  reply.header('set-cookie', parts.join('; '));
}
