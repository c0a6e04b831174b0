import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import yauzl from 'yauzl';

/** A file inside a zip archive. */
export interface ZipEntry {
  zip: string;
  /** The entry's file name without its folders. */
  name: string;
  /** Its full name in the archive. */
  entryName: string;
  /** Uncompressed size in bytes, as the archive states it. */
  size: number;
}

/** The first line of a library's message: errors reach the operator as one line. */
const firstLine = (err: unknown) => String((err as Error)?.message ?? err).split('\n')[0];

function open(zip: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(zip, { lazyEntries: true, autoClose: false, strictFileNames: false }, (err, file) => {
      if (err || !file) reject(new Error(`${path.basename(zip)}: not a readable zip archive (${firstLine(err)})`));
      else resolve(file);
    });
  });
}

/** Walks the archive's central directory; `onEntry` returns true to stop. */
async function walk(zip: string, onEntry: (file: yauzl.ZipFile, entry: yauzl.Entry) => Promise<boolean>) {
  const file = await open(zip);
  try {
    await new Promise<void>((resolve, reject) => {
      file.on('error', (err) => reject(new Error(`${path.basename(zip)}: ${firstLine(err)}`)));
      file.on('end', () => resolve());
      file.on('entry', (entry: yauzl.Entry) => {
        onEntry(file, entry).then((stop) => (stop ? resolve() : file.readEntry()), reject);
      });
      file.readEntry();
    });
  } finally {
    file.close();
  }
}

/** An entry's decompressed bytes, checked against the size the archive states as they stream. */
function openStream(file: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) =>
    file.openReadStream(entry, (err, s) => (err || !s ? reject(err ?? new Error('no stream')) : resolve(s))),
  );
}

/** The files of an archive (folders left out), in archive order. Reads only its directory. */
export async function listZip(zip: string): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  await walk(zip, async (_file, entry) => {
    if (!entry.fileName.endsWith('/')) {
      entries.push({
        zip,
        name: path.posix.basename(entry.fileName),
        entryName: entry.fileName,
        size: entry.uncompressedSize,
      });
    }
    return false;
  });
  return entries;
}

/**
 * Writes one entry, decompressed, to `dest`, streaming (memory does not grow with
 * its size). A truncated or corrupt entry (its data or size does not match) fails
 * with the archive's and the entry's names.
 */
export async function extractEntry(entry: ZipEntry, dest: string): Promise<void> {
  let found = false;
  await walk(entry.zip, async (file, e) => {
    if (e.fileName !== entry.entryName) return false;
    found = true;
    const stream = await openStream(file, e);
    try {
      await pipeline(stream, createWriteStream(dest));
    } catch (err) {
      throw new Error(`${path.basename(entry.zip)}: ${entry.entryName}: ${firstLine(err)}`);
    }
    return true;
  });
  if (!found) throw new Error(`${path.basename(entry.zip)}: no entry ${entry.entryName}`);
}

/** Reads one small entry whole (a code list). */
export async function readEntry(entry: ZipEntry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await walk(entry.zip, async (file, e) => {
    if (e.fileName !== entry.entryName) return false;
    const stream = await openStream(file, e);
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return true;
  });
  return Buffer.concat(chunks);
}
