import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * True when a presented secret (the gateway's, the metrics token) equals the
 * configured one. Both sides are hashed first so the comparison takes the same time
 * whatever their lengths.
 */
export function secretMatches(configured: string, presented: string | string[] | undefined): boolean {
  if (typeof presented !== 'string') return false;
  const a = createHash('sha256').update(configured).digest();
  const b = createHash('sha256').update(presented).digest();
  return timingSafeEqual(a, b);
}
