import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { constants, openSync, closeSync, rmSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { Database } from './duckdb.js';

const run = promisify(execFile);

/** A file being written: its bytes, and the end of the writing (rejects never: a failure destroys `stream`). */
export interface FileStream {
  stream: Readable;
  done: Promise<void>;
}

/** The file formats DuckDB writes an extract in. */
export type FileFormat = 'parquet' | 'csv';

const COPY_OPTIONS: Record<FileFormat, string> = {
  parquet: 'FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 100000',
  csv: 'FORMAT csv, HEADER true',
};

/**
 * The result of `sql` as a file, streamed while DuckDB writes it: DuckDB's `COPY …
 * TO` writes into a named pipe that this process reads, so neither side holds more
 * than a row group. The stream ends when the file is complete; if DuckDB fails
 * after the first byte it is destroyed with the error (the reader sees a truncated
 * file, never a well-formed one). `signal` (the client gone) interrupts the copy.
 * `sql` holds no parameters: the caller inlines only numbers it produced. The pipe is
 * made in the database's own directory under DATA_DIR/tmp (the one place it may write),
 * which the process removes at exit and the next start removes if it was killed.
 */
export async function streamFile(
  db: Database,
  request: { sql: string; format: FileFormat; signal: AbortSignal },
): Promise<FileStream> {
  const dir = db.filesDirectory;
  if (!dir) throw new Error('this database has no directory to write a file in');
  const fifo = path.join(dir, `extract-${randomUUID()}.pipe`);
  await run('mkfifo', ['-m', '600', fifo]);
  const out = new PassThrough();
  const copy = db
    .within(request.signal, 'heavy')
    .query(`COPY (${request.sql}) TO '${fifo}' (${COPY_OPTIONS[request.format]})`);
  // Opening the read end waits for DuckDB to open the write end: when the copy fails
  // before it does, a writer of our own lets the open return (tried until it has).
  let opened = false;
  const reading = open(fifo, 'r').finally(() => {
    opened = true;
  });
  const copied = copy.then(
    () => undefined,
    async (err: unknown) => {
      while (!opened) {
        releaseReader(fifo);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw err;
    },
  );
  const done = (async () => {
    let handle: FileHandle | undefined;
    try {
      handle = await reading;
      const reader = handle.createReadStream();
      // The client gone, or the stream closed unread (a HEAD): DuckDB's next write fails and the copy ends.
      request.signal.addEventListener('abort', () => reader.destroy(), { once: true });
      out.once('close', () => reader.destroy());
      reader.pipe(out, { end: false });
      const read = new Promise<void>((resolve, reject) => {
        reader.once('end', resolve);
        reader.once('error', reject);
      });
      await Promise.all([copied, read]);
      out.end();
    } catch (err) {
      out.destroy(err as Error);
    } finally {
      await handle?.close().catch(() => undefined);
      await copied.catch(() => undefined);
      rmSync(fifo, { force: true });
    }
  })();
  return { stream: out, done };
}

/** Opens and closes the pipe for writing without blocking: a reader waiting to open it goes on (and sees its end). */
function releaseReader(fifo: string): void {
  try {
    closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
  } catch {
    // No reader waits (ENXIO): nothing to release.
  }
}
