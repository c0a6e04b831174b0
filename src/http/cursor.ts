import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { invalidParam } from '../errors.js';

/**
 * Page cursors of the listings that page (`/v1/history`, `/v1/trade`,
 * `/v1/trade/monthly`). A cursor is the base64url of `[version, fingerprint, ...key]`
 * and a checksum of it: `key` is the sort key of the last row returned, and
 * `fingerprint` identifies the operation and its resolved query without `cursor` and
 * `limit` (the page size may change between pages; a filter may not). It holds no
 * server state, and it is signed with a key every replica shares (`useCursorSecret`),
 * so any replica continues a walk another one started, and an edited cursor is a 422
 * whatever its content instead of a silently other page.
 */

/** The sort key of a page's last row, in terms that outlive a snapshot (codes, not row ids). */
export type CursorKey = ReadonlyArray<string | number>;

/** A cursor whose signature holds; which query it belongs to is checked by `cursorPosition`. */
export interface OpenCursor {
  fingerprint: string;
  key: unknown[];
}

const VERSION = 2;

/** The key cursors are signed with: a process's own until `useCursorSecret` gives the shared one. */
let signingKey: Buffer = randomBytes(32);

/**
 * Signs and checks cursors with `secret` from now on (`CURSOR_SECRET`, or the one kept
 * in the state store): every replica must use the same, and cursors signed before
 * with another are refused.
 */
export function useCursorSecret(secret: Buffer | string): void {
  signingKey = Buffer.from(secret);
}

/** The signature of a cursor's body (HMAC-SHA256, 128 bits). */
function signature(text: string): string {
  return createHmac('sha256', signingKey).update(text).digest('base64url').slice(0, 22);
}

function signatureMatches(text: string, given: string): boolean {
  const expected = Buffer.from(signature(text));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function checksum(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

const invalidCursor = (why: string) => invalidParam(['query', 'cursor'], why, 'value_error');
/** The 422 of a cursor written for another operation or other parameters. */
export const otherQuery = () => invalidCursor('belongs to a query with other parameters');
const notACursor = () => invalidCursor('is not a cursor returned by this operation');

/** A stable fingerprint of an operation's resolved query, `cursor` and `limit` left out by the caller. */
export function queryFingerprint(operation: string, query: unknown): string {
  return checksum(JSON.stringify([operation, query]));
}

export function encodeCursor(fingerprint: string, key: CursorKey): string {
  const body = JSON.stringify([VERSION, fingerprint, ...key]);
  return Buffer.from(`${body}\n${signature(body)}`).toString('base64url');
}

/**
 * The parts of a cursor, or undefined when there is none; 422 when it is malformed,
 * edited, or signed with another key. Read before the query's tokens are resolved, so a broken cursor is a 422
 * whatever else the query names.
 */
export function openCursor(cursor: string | undefined): OpenCursor | undefined {
  if (cursor === undefined) return undefined;
  // Decoding never throws: characters outside the alphabet are skipped, which the
  // round trip below catches.
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const nl = text.lastIndexOf('\n');
  const body = text.slice(0, nl);
  if (nl < 0 || !signatureMatches(body, text.slice(nl + 1)) || Buffer.from(text).toString('base64url') !== cursor) {
    throw notACursor();
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw notACursor();
  }
  if (!Array.isArray(parsed) || parsed[0] !== VERSION || typeof parsed[1] !== 'string') throw notACursor();
  return { fingerprint: parsed[1], key: parsed.slice(2) as unknown[] };
}

/** Whether `text` is a well-formed cursor (of any operation): checked with the other parameters. */
export function isCursor(text: string): boolean {
  try {
    openCursor(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where a walk continues: the key of `cursor` as `read` understands it. 422 when the
 * cursor belongs to another operation or query, or holds a key this listing does not
 * write (`read` returns undefined).
 */
export function cursorPosition<P>(cursor: OpenCursor, fingerprint: string, read: (key: unknown[]) => P | undefined): P {
  if (cursor.fingerprint !== fingerprint) throw otherQuery();
  const position = read(cursor.key);
  if (position === undefined) throw notACursor();
  return position;
}
