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
    if (n > SHORT_PIECE_BYTES) {
      buf.set(bytes, at);
      this.at = at + n;
      return;
    }
    // A short piece costs less copied in a loop than in a call into the runtime's copy.
    for (let i = 0; i < n; i++) buf[at++] = bytes[i]!;
    this.at = at;
  }

  /** A non-negative integer below 2^53, zero-padded to `width` digits. */
  digits(n: number, width = 1): void {
    if (n < LOW_LIMIT) return this.low(n, Math.max(width, digitCount(n)));
    // Two parts, each an integer a 32-bit integer's arithmetic writes: the last eight digits and those before.
    const high = Math.floor(n / 1e8);
    this.digits(high, width - 8);
    this.low(n - high * 1e8, 8);
  }

  /** `n` (below `LOW_LIMIT`) as `len` digits, zero-padded on the left, written two digits a step from the last. */
  private low(n: number, len: number): void {
    this.reserve(len);
    const buf = this.buf;
    const at = this.at;
    let v = n | 0;
    let i = at + len;
    while (v >= 100) {
      const q = (v / 100) | 0;
      const pair = (v - q * 100) << 1;
      buf[--i] = DIGIT_PAIRS[pair + 1]!;
      buf[--i] = DIGIT_PAIRS[pair]!;
      v = q;
    }
    if (v >= 10) {
      buf[--i] = DIGIT_PAIRS[(v << 1) + 1]!;
      buf[--i] = DIGIT_PAIRS[v << 1]!;
    } else buf[--i] = 0x30 + v;
    while (i > at) buf[--i] = 0x30;
    this.at = at + len;
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

/** Pieces up to this long are copied byte by byte: the runtime's copy costs a call (some 25 ns) at any length. */
const SHORT_PIECE_BYTES = 12;

/** Integers below this are written with 32-bit integer arithmetic. */
const LOW_LIMIT = 2 ** 31;

/** The two digits of 0 to 99, as the bytes `00` to `99`. */
const DIGIT_PAIRS = Uint8Array.from({ length: 200 }, (_, i) =>
  i % 2 ? 0x30 + ((i >> 1) % 10) : 0x30 + Math.floor(i / 20),
);

/** How many digits a non-negative integer has (at most 16: integers below 2^53). */
function digitCount(n: number): number {
  if (n < 1e5) return n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : n < 1e4 ? 4 : 5;
  if (n < 1e10) return n < 1e6 ? 6 : n < 1e7 ? 7 : n < 1e8 ? 8 : n < 1e9 ? 9 : 10;
  let len = 11;
  for (let p = 1e11; p <= n && len < 16; p *= 10) len++;
  return len;
}

/** A number as JSON writes it (as the schema serializer does: null unless finite). */
export const jsonNumber = (n: number | null): string => (n !== null && Number.isFinite(n) ? String(n) : 'null');
