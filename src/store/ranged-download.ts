import { appendFile, open, readFile } from 'node:fs/promises';
import { Transform, pipeline, type Readable } from 'node:stream';

/** Ranges of one object read side by side: a range a connection, written where it belongs. */
export interface RangedDownload {
  /** The file written (created or resumed). */
  part: string;
  size: number;
  /** The object's bytes `start`..`end` (inclusive). */
  read(start: number, end: number): Promise<Readable>;
  /** Ranges read at once. */
  parallel: number;
  rangeBytes: number;
  /** Bytes a second for the whole object; undefined, as fast as they come. */
  bytesPerS?: number;
}

/** A stream that passes at most `bytesPerS` on average: each chunk waits until the rate allows it. */
export function throttle(bytesPerS: number): Transform {
  const started = Date.now();
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      const wait = (bytes / bytesPerS) * 1000 - (Date.now() - started);
      setTimeout(() => done(null, chunk), Math.max(0, wait));
    },
  });
}

/** The file listing the ranges of `part` already written (one index a line). */
export const rangesFile = (part: string) => `${part}.ranges`;

async function doneRanges(part: string): Promise<Set<number>> {
  try {
    return new Set((await readFile(rangesFile(part), 'utf8')).split('\n').filter(Boolean).map(Number));
  } catch {
    return new Set();
  }
}

/** Bytes of a `size`-byte object already written into `part` by an earlier try (its listed ranges). */
export async function bytesDone(part: string, size: number, rangeBytes: number): Promise<number> {
  let bytes = 0;
  for (const i of await doneRanges(part)) {
    const start = i * rangeBytes;
    if (Number.isSafeInteger(i) && i >= 0 && start < size) bytes += Math.min(size, start + rangeBytes) - start;
  }
  return bytes;
}

/**
 * Writes an object into `part` a range at a time, `parallel` ranges at once, each at
 * its offset; a range is listed in `part.ranges` once written whole, so a download
 * cut short (the store down, a restart) reads again only the ranges not listed. Memory
 * is a few chunks a connection, whatever the object's size. Checking the result is the
 * caller's (the whole file's SHA-256).
 */
export async function downloadRanges(d: RangedDownload): Promise<void> {
  const done = await doneRanges(d.part);
  const handle = await open(d.part, done.size > 0 ? 'r+' : 'w');
  try {
    await handle.truncate(d.size);
    const count = Math.ceil(d.size / d.rangeBytes);
    const pending = Array.from({ length: count }, (_, i) => i).filter((i) => !done.has(i));
    let next = 0;
    let failed: unknown;
    const reading = new Set<Readable>();
    const worker = async () => {
      while (failed === undefined && next < pending.length) {
        const i = pending[next++]!;
        const start = i * d.rangeBytes;
        const end = Math.min(d.size, start + d.rangeBytes) - 1;
        const body = await d.read(start, end);
        reading.add(body);
        try {
          // Through `pipeline`, so that a read cut short ends the throttled stream with its error.
          const source = d.bytesPerS ? pipeline(body, throttle(d.bytesPerS / d.parallel), () => undefined) : body;
          let at = start;
          for await (const chunk of source) {
            const bytes = chunk as Buffer;
            // A store that sends more than the range asked for writes nothing past it.
            if (at + bytes.length > end + 1)
              throw new Error(`range ${start}-${end} sent more than ${end + 1 - start} bytes`);
            await handle.write(bytes, 0, bytes.length, at);
            at += bytes.length;
          }
          if (at !== end + 1) throw new Error(`range ${start}-${end} ended at ${at}`);
        } finally {
          reading.delete(body);
        }
        await appendFile(rangesFile(d.part), `${i}\n`);
      }
    };
    // The first failure stops the others (their reads are ended), and every one has
    // stopped before the file is closed.
    const workers = Array.from({ length: Math.min(d.parallel, pending.length) }, () =>
      worker().catch((err: unknown) => {
        failed ??= err;
        for (const body of reading) body.destroy();
      }),
    );
    await Promise.all(workers);
    if (failed !== undefined) throw failed instanceof Error ? failed : new Error('a range could not be read');
  } finally {
    await handle.close();
  }
}
