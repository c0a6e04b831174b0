import type { FastifyReply, FastifyRequest } from 'fastify';

/** The session cookie (its token) and the pre-sign-in CSRF cookie (double submit). */
export const SESSION_COOKIE = 'session';
export const PRE_CSRF_COOKIE = 'csrf_pre';
export const SESSION_MAX_AGE_S = 7 * 24 * 3600;

/** The value of cookie `name`, or undefined. Values are URL-safe base64: no decoding is needed. */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * Sets a cookie scoped to the dashboard: HttpOnly (no script reads it), SameSite=Strict
 * (no cross-site request carries it), Secure when the request came over TLS.
 * `maxAgeS` 0 deletes it.
 */
export function setCookie(
  reply: FastifyReply,
  { name, value, maxAgeS }: { name: string; value: string; maxAgeS?: number },
): void {
  const parts = [`${name}=${value}`, 'Path=/dashboard', 'HttpOnly', 'SameSite=Strict'];
  if (maxAgeS !== undefined) parts.push(`Max-Age=${maxAgeS}`);
  if (reply.request.protocol === 'https') parts.push('Secure');
  // Fastify adds to the `set-cookie` values already set rather than replacing them.
  reply.header('set-cookie', parts.join('; '));
}
