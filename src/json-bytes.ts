// JSON written straight to bytes, for answers too large to build as one string first.

/** ASCII text as bytes, for the constant pieces a `JsonWriter` copies. */
export const asciiBytes = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0x7f);

/** The most bytes the shared scratch buffer keeps between writers (a larger page's buffer is its own). */
const SCRATCH_KEPT_BYTES = 4 * 2 ** 20;
let scratch: Buffer = Buffer.allocUnsafe(0);

/**
 * JSON text written into one growing buffer, piece by piece: constant pieces copied
 * as bytes and numbers written digit by digit, so a page of rows makes no string per
 * row (nor the garbage of one). Only ASCII is written: callers pass text that is.
 */
export class JsonWriter {
  private buf: Buffer;
  private at = 0;

  /** `onScratch`: written in the buffer scratch writers share (see `JsonWriter.onScratch`). */
  private constructor(
    sizeHint: number,
    private readonly onScratch: boolean,
  ) {
    const size = Math.max(64, sizeHint);
    if (!onScratch || size > SCRATCH_KEPT_BYTES) this.buf = Buffer.allocUnsafe(size);
    else {
      if (scratch.length < size) scratch = Buffer.allocUnsafe(size);
      this.buf = scratch;
    }
  }

  /** A writer of its own buffer: its bytes stay as written. */
  static of(sizeHint: number): JsonWriter {
    return new JsonWriter(sizeHint, false);
  }

  /**
   * A writer in the buffer every scratch writer shares (one thread writes one at a
   * time): its bytes are valid until the next scratch writer starts, so they are
   * copied (as splicing them into an answer does) before another is written. A page
   * of a thousand rows then allocates no buffer that is thrown away at once, and
   * the collector has that much less to chase.
   */
  static onScratch(sizeHint: number): JsonWriter {
    return new JsonWriter(sizeHint, true);
  }

  /** Room for `n` more bytes. */
  reserve(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(grown, 0, 0, this.at);
    this.buf = grown;
    if (this.onScratch && grown.length <= SCRATCH_KEPT_BYTES) scratch = grown;
  }

  byte(b: number): void {
    this.reserve(1);
    this.buf[this.at++] = b;
  }

  /** Copies `bytes` (a constant piece). */
  bytes(bytes: Uint8Array): void {
    const n = bytes.length;
    this.reserve(n);
    const buf = this.buf;
    let at = this.at;
    // Pieces are short: a loop costs less than a call into the runtime's copy.
    for (let i = 0; i < n; i++) buf[at++] = bytes[i]!;
    this.at = at;
  }

  /** A non-negative integer below 2^53, zero-padded to `width` digits. */
  digits(n: number, width = 1): void {
    let len = 1;
    for (let p = 10; p <= n && len < 16; p *= 10) len++;
    if (len < width) len = width;
    this.reserve(len);
    const buf = this.buf;
    let v = n;
    for (let i = this.at + len - 1; i >= this.at; i--) {
      const q = Math.floor(v / 10);
      buf[i] = 0x30 + (v - q * 10);
      v = q;
    }
    this.at += len;
  }

  /** A number as JSON writes it (as `jsonNumber`): null unless finite. */
  number(n: number | null): void {
    if (n === null || !Number.isFinite(n)) return this.bytes(NULL);
    if (Number.isSafeInteger(n)) {
      if (n < 0) this.byte(0x2d);
      return this.digits(Math.abs(n));
    }
    this.ascii(String(n));
  }

  /** ASCII text (for text made per value, where no constant piece fits). */
  ascii(text: string): void {
    this.reserve(text.length);
    for (let i = 0; i < text.length; i++) this.buf[this.at++] = text.charCodeAt(i) & 0x7f;
  }

  /** The bytes written so far (a view of the buffer, not a copy). */
  done(): Buffer {
    return this.buf.subarray(0, this.at);
  }
}

const NULL = asciiBytes('null');

/** A number as JSON writes it (as the schema serializer does: null unless finite). */
export const jsonNumber = (n: number | null): string => (n !== null && Number.isFinite(n) ? String(n) : 'null');
