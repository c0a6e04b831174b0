import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import yauzl from 'yauzl';
import { freeBytes } from '../store/download-space.js';

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

/** At most this many entries are listed (a BACI release holds some thirty, a workbook a few dozen). */
export const MAX_ZIP_ENTRIES = 65_536;

/**
 * A bound on the bytes an entry inflates to, and what sets it (`INGEST_MAX_BYTES`,
 * `a country-code list's bound`), named when an entry is refused.
 */
export interface ByteBound {
  bytes: number;
  name: string;
}

/** The first line of a library's message: errors reach the operator as one line. */
const firstLine = (err: unknown) => String((err as Error)?.message ?? err).split('\n')[0] ?? '';

/** yauzl's wording of an entry that inflates to more than its header states. */
const TOO_MANY_BYTES = /^too many bytes in the stream\. expected (\d+)/;

function openFile(zip: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // validateEntrySizes: an entry that inflates to more (or fewer) bytes than the archive states fails.
    const options = { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true };
    yauzl.open(zip, options, (err, file) => {
      if (err || !file) reject(new Error(`${path.basename(zip)}: not a readable zip archive (${firstLine(err)})`));
      else resolve(file);
    });
  });
}

/**
 * An archive opened for reading: its central directory read (the files, not the
 * folders, at most `MAX_ZIP_ENTRIES`), its entries read by name.
 *
 * What an entry inflates to is bounded twice: the size the archive states is checked
 * against the bound before a byte is inflated, and while inflating, an entry that
 * yields more bytes than it states fails (a header can lie): no entry inflates to
 * more than its bound.
 */
export class ZipArchive {
  /** The files of the archive, in archive order. */
  readonly entries: readonly ZipEntry[];

  private constructor(
    readonly zip: string,
    private readonly file: yauzl.ZipFile,
    private readonly byName: ReadonlyMap<string, yauzl.Entry>,
  ) {
    this.entries = [...byName.values()].map((e) => ({
      zip,
      name: path.posix.basename(e.fileName),
      entryName: e.fileName,
      size: e.uncompressedSize,
    }));
  }

  static async open(zip: string): Promise<ZipArchive> {
    const file = await openFile(zip);
    try {
      if (file.entryCount > MAX_ZIP_ENTRIES)
        throw new Error(`${path.basename(zip)}: ${file.entryCount} entries, more than the ${MAX_ZIP_ENTRIES} read`);
      const byName = new Map<string, yauzl.Entry>();
      await new Promise<void>((resolve, reject) => {
        file.on('error', (err) => reject(new Error(`${path.basename(zip)}: ${firstLine(err)}`)));
        file.on('end', () => resolve());
        file.on('entry', (entry: yauzl.Entry) => {
          if (!entry.fileName.endsWith('/')) byName.set(entry.fileName, entry);
          file.readEntry();
        });
        file.readEntry();
      });
      return new ZipArchive(zip, file, byName);
    } catch (err) {
      file.close();
      throw err;
    }
  }

  /** The entry named `entryName` (its full name in the archive), if the archive holds it. */
  entry(entryName: string): ZipEntry | undefined {
    return this.entries.find((e) => e.entryName === entryName);
  }

  /**
   * An entry's bytes, inflated as they are read; refused when the archive states more
   * than `bound`, failed when it inflates to more than it states. Errors name the
   * archive and the entry, on one line.
   */
  async read(entryName: string, bound: ByteBound): Promise<Readable> {
    const where = `${path.basename(this.zip)}: ${entryName}`;
    const entry = this.byName.get(entryName);
    if (!entry) throw new Error(`${path.basename(this.zip)}: no entry ${entryName}`);
    if (entry.uncompressedSize > bound.bytes) {
      throw new Error(
        `${where}: ${entry.uncompressedSize} bytes uncompressed, more than ${bound.name} (${bound.bytes} bytes)`,
      );
    }
    const source = await new Promise<Readable>((resolve, reject) =>
      this.file.openReadStream(entry, (err, s) =>
        err || !s ? reject(new Error(`${where}: ${firstLine(err ?? 'no stream')}`)) : resolve(s),
      ),
    );
    const out = new PassThrough();
    source.on('error', (err) => {
      const stated = TOO_MANY_BYTES.exec(firstLine(err));
      const cause = stated ? `inflates to more than the ${stated[1]} bytes the archive states` : firstLine(err);
      out.destroy(new Error(`${where}: ${cause}`));
    });
    // A reader that stops early stops the inflating too.
    out.on('close', () => source.destroy());
    source.pipe(out);
    return out;
  }

  close(): void {
    this.file.close();
  }
}

/** Runs `use` on the archive, closed afterwards. */
async function withArchive<T>(zip: string, use: (archive: ZipArchive) => Promise<T>): Promise<T> {
  const archive = await ZipArchive.open(zip);
  try {
    return await use(archive);
  } finally {
    archive.close();
  }
}

/** The files of an archive (folders left out), in archive order. Reads only its directory. */
export async function listZip(zip: string): Promise<ZipEntry[]> {
  return withArchive(zip, async (archive) => [...archive.entries]);
}

/**
 * Writes one entry, decompressed, to `dest`, streaming (memory does not grow with
 * its size). Refused before a byte is written when the archive states more than
 * `bound` or than the free space where `dest` goes; an entry that inflates to more
 * than it states, or is truncated or corrupt, fails with the archive's and the
 * entry's names, and what it wrote is removed.
 */
export async function extractEntry(entry: ZipEntry, dest: string, bound: ByteBound): Promise<void> {
  const free = await freeBytes(path.dirname(dest));
  if (entry.size > free) {
    throw new Error(
      `${path.basename(entry.zip)}: ${entry.entryName}: ${entry.size} bytes uncompressed, ` +
        `more than the ${free} bytes free in ${path.dirname(dest)}`,
    );
  }
  await withArchive(entry.zip, async (archive) => {
    const stream = await archive.read(entry.entryName, bound);
    try {
      await pipeline(stream, createWriteStream(dest));
    } catch (err) {
      await rm(dest, { force: true });
      const message = firstLine(err);
      const named = message.startsWith(`${path.basename(entry.zip)}: `);
      throw new Error(named ? message : `${path.basename(entry.zip)}: ${entry.entryName}: ${message}`);
    }
  });
}

/** Reads one small entry whole (a code list), refused beyond `bound`. */
export async function readEntry(entry: ZipEntry, bound: ByteBound): Promise<Buffer> {
  return withArchive(entry.zip, async (archive) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await archive.read(entry.entryName, bound)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
}
