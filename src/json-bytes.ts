// JSON written straight to bytes, for answers too large to build as one string first.

/**
 * The bytes of the JSON array of `rows`, each written by `rowJson` (a JSON object's
 * text): one buffer grown as needed, no long string built and encoded again.
 */
export function jsonArray<R>(rows: readonly R[], rowJson: (row: R) => string): Buffer {
  let buf = Buffer.allocUnsafe(Math.max(64, rows.length * 192));
  let at = 0;
  buf[at++] = 0x5b; // [
  for (let i = 0; i < rows.length; i++) {
    const text = rowJson(rows[i]!);
    // Room for the text in UTF-8 (at most 3 bytes a UTF-16 unit), a comma and the closing bracket.
    if (at + text.length * 3 + 2 > buf.length) {
      const grown = Buffer.allocUnsafe(Math.max(buf.length * 2, at + text.length * 3 + 2));
      buf.copy(grown, 0, 0, at);
      buf = grown;
    }
    if (i > 0) buf[at++] = 0x2c; // ,
    at += buf.write(text, at);
  }
  buf[at++] = 0x5d; // ]
  return buf.subarray(0, at);
}

/** A number as JSON writes it (as the schema serializer does: null unless finite). */
export const jsonNumber = (n: number | null): string => (n !== null && Number.isFinite(n) ? String(n) : 'null');
