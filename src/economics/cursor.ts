import { createHash } from 'node:crypto';
import { invalidParam } from '../errors.js';

/** Where a history page ended: the last point returned. */
export interface CursorPosition {
  seriesId: string;
  date: string;
}

const VERSION = 1;

function checksum(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

/** A stable fingerprint of the resolved query a cursor belongs to. */
export function queryFingerprint(query: unknown): string {
  return checksum(JSON.stringify(query));
}

/**
 * Opaque cursor: base64url of the position and the query fingerprint, with a
 * checksum so that an edited cursor is refused. It holds no secret and no server
 * state, so any replica can continue a walk another one started.
 */
export function encodeCursor(fingerprint: string, pos: CursorPosition): string {
  const body = JSON.stringify([VERSION, fingerprint, pos.seriesId, pos.date]);
  return Buffer.from(`${body}\n${checksum(body)}`).toString('base64url');
}

/** The position a cursor encodes; 422 when it is malformed, edited or from another query. */
export function decodeCursor(cursor: string, fingerprint: string): CursorPosition {
  const bad = (why: string) => invalidParam(['query', 'cursor'], why, 'value_error');
  let text: string;
  try {
    text = Buffer.from(cursor, 'base64url').toString('utf8');
  } catch {
    throw bad('is not a cursor returned by this operation');
  }
  const nl = text.lastIndexOf('\n');
  const body = text.slice(0, nl);
  if (nl < 0 || checksum(body) !== text.slice(nl + 1) || Buffer.from(text).toString('base64url') !== cursor) {
    throw bad('is not a cursor returned by this operation');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw bad('is not a cursor returned by this operation');
  }
  if (
    !Array.isArray(parsed) ||
    parsed[0] !== VERSION ||
    typeof parsed[2] !== 'string' ||
    typeof parsed[3] !== 'string'
  ) {
    throw bad('is not a cursor returned by this operation');
  }
  if (parsed[1] !== fingerprint) throw bad('belongs to a query with other parameters');
  return { seriesId: parsed[2], date: parsed[3] };
}
