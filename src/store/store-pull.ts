import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { RetrySchedule } from './download-backoff.js';
import { bytesToWrite, freeBytes, spaceProblem } from './download-space.js';
import { LocalHashes, recordManifest } from './local-hashes.js';
import { RefusedManifestError, SnapshotObjectStore } from './object-store.js';
import { publishUnlessOlder } from './publish.js';
import { readCurrentName, snapshotsDir } from './snapshot-layout.js';
import { sha256Of, type SnapshotManifest } from './snapshot-manifest.js';
import { bytesDone, downloadRanges, rangesFile } from './ranged-download.js';

/** What a replica knows of the object store, for `/readyz`, `/metrics` and the log. */
export interface PullStatus {
  /** `s3://bucket/prefix`. */
  store: string;
  /** The store's current snapshot, as last read. */
  storeCurrent: string | undefined;
  /** When the store last answered a poll. */
  lastPollOkAt: Date | undefined;
  pollFailures: number;
  /** Objects refused because their SHA-256 differed from the manifest's. */
  checksumFailures: number;
  /** Downloaded snapshots refused because they did not open as a server opens them. */
  proofFailures: number;
  /** Bytes of snapshot files read from the store (ranges written whole). */
  downloadedBytes: number;
  /** Bytes of snapshot files not downloaded: linked (or copied) from a local snapshot's file of the same SHA-256. */
  reusedBytes: number;
}

export interface PullLog {
  info(message: string): void;
  error(message: string): void;
}

/** A downloaded object whose SHA-256 is not the manifest's. */
export class ChecksumError extends Error {
  override name = 'ChecksumError';
}

/** A downloaded snapshot that does not open, or whose tables do not answer. */
export class UnusableSnapshotError extends Error {
  override name = 'UnusableSnapshotError';
}

/** Ranges of an object read at once, and their size: a few connections fill a disk where one does not. */
const PARALLEL_RANGES = 4;
const RANGE_BYTES = 32 * 2 ** 20;

/** Where a snapshot being downloaded is written, outside `snapshots/` (whose clean-up it must survive a restart). */
const incomingDir = (dataDir: string) => path.join(dataDir, 'incoming');

/**
 * Keeps a replica's DATA_DIR on the object store's current snapshot: polls
 * `current.json` (a conditional GET) every `pollMs`; a snapshot newer than the local
 * one is downloaded into `DATA_DIR/incoming/<name>/` once the disk has room for what
 * is left of it (each object resumed from where a former try stopped, its SHA-256
 * checked against the manifest before it counts), proven there (`prove`: it opens as
 * a server opens it), then moved into `snapshots/` and published as a local build is:
 * the servers' own poll of CURRENT swaps to it. A snapshot older than the local one
 * is never taken (a replica never steps back). A store outage, a refused object or
 * snapshot leaves the serving snapshot as it is; the download is tried again after
 * 1, 2, 4 … up to 32 poll intervals (`RetrySchedule`), at once when the store names
 * another snapshot.
 */
export class SnapshotPuller {
  readonly status: PullStatus;
  private readonly objects: SnapshotObjectStore;
  private etag: string | undefined;
  private wanted: SnapshotManifest | undefined;
  private downloading: Promise<void> | undefined;
  private polling = false;
  private timer: NodeJS.Timeout | undefined;
  private failing = false;
  /** Polls started, the clock of `retry`. */
  private polls = 0;
  private readonly retry = new RetrySchedule();
  /** When a refused `current.json` is read again (unconditionally): after 1, 2, 4 … 32 polls. */
  private readonly reread = new RetrySchedule();
  /** The last refused `current.json` and the last older store snapshot logged, so each is logged once. */
  private refusedEtag: string | undefined;
  private olderNoted: string | undefined;

  constructor(
    private readonly opts: {
      dataDir: string;
      url: string;
      pollMs: number;
      snapshotsKept: number;
      /** MB (10^6 bytes) a second a download may take; undefined, as fast as it comes. */
      downloadMbps?: number;
      /** Opens the snapshot in `dir` as a server would, and reads it; throws when it is not usable. */
      prove: (dir: string, name: string) => Promise<void>;
      log: PullLog;
    },
  ) {
    this.objects = new SnapshotObjectStore(opts.url);
    this.status = {
      store: this.objects.url,
      storeCurrent: undefined,
      lastPollOkAt: undefined,
      pollFailures: 0,
      checksumFailures: 0,
      proofFailures: 0,
      downloadedBytes: 0,
      reusedBytes: 0,
    };
  }

  /** Polls now, then every `pollMs`. */
  start(): void {
    void this.poll();
    this.timer = setInterval(() => void this.poll(), this.opts.pollMs);
    this.timer.unref();
  }

  /** One poll of the store, and the download it calls for; never throws. */
  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    this.polls++;
    try {
      // A refused current.json is read again now and then, not only when its ETag
      // changes: a store that does not write objects atomically (s3rver) may have
      // answered a manifest half written under its final ETag.
      const reread = this.refusedEtag !== undefined && this.refusedEtag === this.etag && this.reread.due(this.polls);
      const current = await this.objects.current(reread ? undefined : this.etag).catch((err: unknown) => {
        if (!(err instanceof RefusedManifestError)) throw err;
        this.refuseManifest(err);
        return 'unchanged' as const;
      });
      this.status.lastPollOkAt = new Date();
      if (this.failing) this.opts.log.info(`snapshot store ${this.status.store} answers again`);
      this.failing = false;
      if (current !== 'unchanged' && current !== undefined) {
        this.etag = current.etag;
        this.refusedEtag = undefined;
        this.reread.reset();
        this.wanted = current.manifest;
        this.status.storeCurrent = current.manifest.snapshot;
        this.retry.reset();
      }
    } catch (err) {
      this.status.pollFailures++;
      if (!this.failing)
        this.opts.log.error(`snapshot store ${this.status.store} unreachable: ${(err as Error).message}`);
      this.failing = true;
    } finally {
      this.polling = false;
    }
    await this.follow();
  }

  /**
   * A `current.json` that is not a manifest of ours: logged once, and its ETag kept so
   * that the next polls are conditional (but for a read after 1, 2, 4 … 32 polls);
   * nothing is taken until the store answers another.
   */
  private refuseManifest(err: RefusedManifestError): void {
    this.etag = err.etag;
    this.wanted = undefined;
    this.status.storeCurrent = undefined;
    this.status.pollFailures++;
    this.reread.failed(this.polls);
    if (this.refusedEtag === err.etag) return;
    this.refusedEtag = err.etag;
    this.opts.log.error(`snapshot store ${this.status.store}: current.json refused: ${err.message}`);
  }

  /**
   * Downloads and publishes the wanted snapshot when it is newer than the local one
   * (names sort by creation time) and its retry is due; one download at a time.
   */
  private async follow(): Promise<void> {
    const wanted = this.wanted;
    if (!wanted || this.downloading) return;
    const local = await readCurrentName(this.opts.dataDir);
    if (local !== undefined && local >= wanted.snapshot) {
      if (local > wanted.snapshot && this.olderNoted !== wanted.snapshot) {
        this.olderNoted = wanted.snapshot;
        this.opts.log.info(
          `snapshot ${wanted.snapshot} of ${this.status.store} is older than the local ${local}: kept ${local}`,
        );
      }
      return;
    }
    if (!this.retry.due(this.polls)) return;
    this.downloading = this.fetchSnapshot(wanted)
      .then(() => this.retry.reset())
      .catch((err: unknown) => {
        if (err instanceof ChecksumError) this.status.checksumFailures++;
        else if (err instanceof UnusableSnapshotError) this.status.proofFailures++;
        else this.status.pollFailures++;
        const polls = this.retry.failed(this.polls);
        this.opts.log.error(
          `snapshot ${wanted.snapshot} not taken from ${this.status.store}: ${(err as Error).message}` +
            ` (tried again in ${polls} poll interval${polls === 1 ? '' : 's'})`,
        );
      })
      .finally(() => {
        this.downloading = undefined;
      });
    await this.downloading;
  }

  private async fetchSnapshot(manifest: SnapshotManifest): Promise<void> {
    const { dataDir } = this.opts;
    const name = manifest.snapshot;
    const target = path.join(snapshotsDir(dataDir), name);
    const moved = { downloaded: 0, reused: 0 };
    if (existsSync(target)) {
      await this.proveIn(target, name);
    } else {
      // Downloads of snapshots the store no longer names give their space back first.
      await this.dropOtherIncoming(name);
      const dir = path.join(incomingDir(dataDir), name);
      // Files a local snapshot holds with the same SHA-256 are linked, not downloaded,
      // and count for nothing in the space a download needs.
      const local = await this.localCopies(manifest, dir);
      await this.checkSpace(manifest, dir, new Set(local.keys()));
      await mkdir(dir, { recursive: true });
      for (const file of manifest.files) {
        const source = local.get(file.name);
        if (source !== undefined && (await this.reuseFile(source, file, dir))) {
          moved.reused += file.size;
          this.status.reusedBytes += file.size;
          continue;
        }
        moved.downloaded += await this.fetchFile(manifest, file, dir);
      }
      await recordManifest(dir, manifest);
      await this.proveIn(dir, name);
      await mkdir(snapshotsDir(dataDir), { recursive: true });
      await rename(dir, target);
    }
    if (!(await publishUnlessOlder(dataDir, name, this.opts.snapshotsKept))) {
      this.opts.log.info(`snapshot ${name} taken from ${this.status.store}, not published: CURRENT names a newer one`);
      return;
    }
    await this.dropOtherIncoming(name);
    this.opts.log.info(
      `snapshot ${name} taken from ${this.status.store}: ${moved.downloaded} bytes downloaded,` +
        ` ${moved.reused} bytes linked from local snapshots`,
    );
  }

  /**
   * The files of `manifest` not yet in `dir` that a local snapshot holds with the same
   * size and SHA-256, by name: their local path.
   */
  private async localCopies(manifest: SnapshotManifest, dir: string): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    const missing = manifest.files.filter((f) => !existsSync(path.join(dir, f.name)));
    if (missing.length === 0) return found;
    const hashes = await LocalHashes.of(snapshotsDir(this.opts.dataDir));
    for (const file of missing) {
      const source = await hashes.find(file, manifest.snapshot);
      if (source !== undefined) found.set(file.name, source);
    }
    return found;
  }

  /**
   * Puts a local file of the wanted size and SHA-256 into `dir`: a hard link (the
   * same immutable bytes, no space), or a copy where the file system refuses links,
   * checked as a download is (size and SHA-256) before it counts. False when the file
   * is gone or does not match (it is then downloaded).
   */
  private async reuseFile(source: string, file: SnapshotManifest['files'][number], dir: string): Promise<boolean> {
    const final = path.join(dir, file.name);
    const part = `${final}.link`;
    await rm(part, { force: true });
    try {
      await link(source, part);
      // A link is the local file itself, whose hash was recorded for this very inode,
      // size and mtime; it is checked again here only for its size.
      const [a, b] = await Promise.all([stat(source), stat(part)]);
      if (a.ino !== b.ino || b.size !== file.size) throw new Error('changed');
    } catch (err) {
      await rm(part, { force: true });
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV' && (err as NodeJS.ErrnoException).code !== 'EPERM')
        return false;
      try {
        await copyFile(source, part);
        if ((await stat(part)).size !== file.size || (await sha256Of(part)) !== file.sha256) throw new Error('differs');
      } catch {
        await rm(part, { force: true });
        return false;
      }
    }
    // What an earlier try downloaded of this file is not needed any more.
    await rm(`${final}.part`, { force: true });
    await rm(rangesFile(`${final}.part`), { force: true });
    await rename(part, final);
    return true;
  }

  /**
   * Refuses a download before any byte of it is written when what is left of it (the
   * manifest's sizes, less what earlier tries wrote and the files linked from local
   * snapshots) exceeds the free space of DATA_DIR.
   */
  private async checkSpace(manifest: SnapshotManifest, dir: string, local: ReadonlySet<string>): Promise<void> {
    const { dataDir } = this.opts;
    const needed = await bytesToWrite(manifest, dir, { rangeBytes: RANGE_BYTES, local });
    const problem = spaceProblem({
      snapshot: manifest.snapshot,
      needed,
      free: await freeBytes(dataDir),
      where: dataDir,
    });
    if (problem) throw new Error(problem);
  }

  /** Refuses a snapshot that does not open as a server opens it (`UnusableSnapshotError`). */
  private async proveIn(dir: string, name: string): Promise<void> {
    try {
      await this.opts.prove(dir, name);
    } catch (err) {
      throw new UnusableSnapshotError(`it does not open as a snapshot: ${(err as Error).message}`);
    }
  }

  /**
   * One object into `dir`: its ranges read side by side into `<file>.part` (resumed:
   * ranges already written are not read again), renamed to its name once its size and
   * SHA-256 are the manifest's; a mismatch removes the part and is refused. Returns the
   * bytes read from the store by this try.
   */
  private async fetchFile(manifest: SnapshotManifest, file: SnapshotManifest['files'][number], dir: string) {
    const final = path.join(dir, file.name);
    if (existsSync(final)) return 0;
    const part = `${final}.part`;
    const before = await bytesDone(part, file.size, RANGE_BYTES);
    await downloadRanges({
      part,
      size: file.size,
      read: (start, end) => this.objects.read(manifest, file, { start, end }),
      parallel: PARALLEL_RANGES,
      rangeBytes: RANGE_BYTES,
      bytesPerS: this.opts.downloadMbps ? this.opts.downloadMbps * 1e6 : undefined,
    });
    const downloaded = file.size - before;
    this.status.downloadedBytes += downloaded;
    const size = (await stat(part)).size;
    const sha256 = await sha256Of(part);
    await rm(rangesFile(part), { force: true });
    if (size !== file.size || sha256 !== file.sha256) {
      await rm(part, { force: true });
      throw new ChecksumError(
        `${file.name}: ${size} bytes with SHA-256 ${sha256}, the manifest says ${file.size} bytes with ${file.sha256}`,
      );
    }
    await rename(part, final);
    return downloaded;
  }

  /** Removes downloads of other snapshots than `keep` (superseded before they finished). */
  private async dropOtherIncoming(keep: string): Promise<void> {
    const dir = incomingDir(this.opts.dataDir);
    const names = existsSync(dir) ? await readdir(dir) : [];
    for (const n of names.filter((x) => x !== keep)) await rm(path.join(dir, n), { recursive: true, force: true });
  }

  close(): void {
    clearInterval(this.timer);
    this.objects.close();
  }
}
