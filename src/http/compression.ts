import { brotliCompressSync, constants, crc32, gzipSync } from 'node:zlib';

/**
 * Bodies compressed once and served many times: the large, shared part of an answer
 * is compressed when it is first built, and the few bytes that differ per request
 * (request id, duration) are appended as an uncompressed tail in each format:
 * - gzip: a second gzip member holding one stored deflate block (RFC 1952 allows
 *   several members; decoders return their concatenation);
 * - br: the shared part is compressed with a flush, which ends it on a byte
 *   boundary, then an uncompressed meta-block and the last, empty meta-block follow
 *   (RFC 7932 §9.2).
 * So a cached answer costs no compression at all, whatever its size.
 */

export type Encoding = 'br' | 'gzip' | 'identity';

/** Bodies smaller than this are sent as they are: compression would not pay. */
export const MIN_COMPRESSED_BYTES = 1024;

/** The largest tail one uncompressed meta-block or stored block can carry here. */
const MAX_TAIL_BYTES = 65_535;

const ENCODINGS_BY_PREFERENCE: Encoding[] = ['br', 'gzip'];

/**
 * The encoding to answer with, from `Accept-Encoding` (RFC 9110 §12.5.3): the
 * client's highest q-value among br and gzip, br first on a tie; identity when
 * neither is acceptable. One pass over the header, no regular expression.
 */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    let weight = 1;
    for (const p of params) {
      const [k, v] = p.split('=');
      if (k?.trim().toLowerCase() === 'q') weight = Number(v?.trim());
    }
    if (Number.isFinite(weight)) q.set(name.trim().toLowerCase(), weight);
  }
  const star = q.get('*') ?? 0;
  let best: Encoding = 'identity';
  let bestQ = 0;
  for (const e of ENCODINGS_BY_PREFERENCE) {
    const weight = q.get(e) ?? star;
    if (weight > bestQ) [best, bestQ] = [e, weight];
  }
  return best;
}

/** A gzip member holding `data` uncompressed (one stored deflate block). */
function storedGzipMember(data: Buffer): Buffer {
  const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  const block = Buffer.alloc(5);
  block[0] = 1; // BFINAL = 1, BTYPE = 00 (stored)
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(data), 0);
  trailer.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, block, data, trailer]);
}

/** An uncompressed brotli meta-block with `data`, then the last (empty) meta-block. */
function brotliTail(data: Buffer): Buffer {
  // ISLAST = 0 (bit 0), MNIBBLES = 4 (code 0, bits 1-2), MLEN - 1 (bits 3-18), ISUNCOMPRESSED = 1 (bit 19).
  const bits = ((data.length - 1) << 3) | (1 << 19);
  const header = Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]);
  // ISLAST = 1, ISLASTEMPTY = 1.
  return Buffer.concat([header, data, Buffer.from([0x03])]);
}

/** The shared part of an answer, compressed once per encoding, when first asked for in it. */
export class PreparedBody {
  private gzip: Buffer | undefined;
  private br: Buffer | undefined;

  constructor(readonly identity: Buffer) {}

  /** The encoding actually used for a client that asked for `wanted` (identity for small bodies). */
  encodingFor(wanted: Encoding): Encoding {
    return this.identity.length < MIN_COMPRESSED_BYTES ? 'identity' : wanted;
  }

  private compressed(encoding: 'gzip' | 'br'): Buffer {
    if (encoding === 'gzip') return (this.gzip ??= gzipSync(this.identity, { level: 6 }));
    return (this.br ??= brotliCompressSync(this.identity, {
      finishFlush: constants.BROTLI_OPERATION_FLUSH,
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length },
    }));
  }

  /** The whole body in `encodingFor(encoding)`: the prepared head, then `tail` (bytes that differ per request). */
  render(encoding: Encoding, tail: Buffer): Buffer {
    if (tail.length === 0 || tail.length > MAX_TAIL_BYTES) throw new RangeError(`tail of ${tail.length} bytes`);
    const used = this.encodingFor(encoding);
    if (used === 'gzip') return Buffer.concat([this.compressed('gzip'), storedGzipMember(tail)]);
    if (used === 'br') return Buffer.concat([this.compressed('br'), brotliTail(tail)]);
    return Buffer.concat([this.identity, tail]);
  }
}
