import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { RetrySchedule } from './download-backoff.js';
import { bytesToWrite, freeBytes, spaceProblem } from './download-space.js';
import { RefusedManifestError, SnapshotObjectStore } from './object-store.js';
import { publishUnlessOlder } from './publish.js';
import { readCurrentName, snapshotsDir } from './snapshot-layout.js';
import { sha256Of, type SnapshotManifest } from './snapshot-manifest.js';
import { downloadRanges, rangesFile } from './ranged-download.js';

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
      const current = await this.objects.current(this.etag).catch((err: unknown) => {
        if (!(err instanceof RefusedManifestError)) throw err;
        this.refuseManifest(err);
        return 'unchanged' as const;
      });
      this.status.lastPollOkAt = new Date();
      if (this.failing) this.opts.log.info(`snapshot store ${this.status.store} answers again`);
      this.failing = false;
      if (current !== 'unchanged' && current !== undefined) {
        this.etag = current.etag;
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
   * that the next polls are conditional; nothing is taken until the store names another.
   */
  private refuseManifest(err: RefusedManifestError): void {
    this.etag = err.etag;
    this.wanted = undefined;
    this.status.storeCurrent = undefined;
    this.status.pollFailures++;
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
    if (existsSync(target)) {
      await this.proveIn(target, name);
    } else {
      // Downloads of snapshots the store no longer names give their space back first.
      await this.dropOtherIncoming(name);
      const dir = path.join(incomingDir(dataDir), name);
      await this.checkSpace(manifest, dir);
      await mkdir(dir, { recursive: true });
      for (const file of manifest.files) await this.fetchFile(name, file, dir);
      await this.proveIn(dir, name);
      await mkdir(snapshotsDir(dataDir), { recursive: true });
      await rename(dir, target);
    }
    if (!(await publishUnlessOlder(dataDir, name, this.opts.snapshotsKept))) {
      this.opts.log.info(`snapshot ${name} taken from ${this.status.store}, not published: CURRENT names a newer one`);
      return;
    }
    await this.dropOtherIncoming(name);
    this.opts.log.info(`snapshot ${name} taken from ${this.status.store}`);
  }

  /**
   * Refuses a download before any byte of it is written when what is left of it (the
   * manifest's sizes, less what earlier tries wrote) exceeds the free space of DATA_DIR.
   */
  private async checkSpace(manifest: SnapshotManifest, dir: string): Promise<void> {
    const { dataDir } = this.opts;
    const needed = await bytesToWrite(manifest, dir, RANGE_BYTES);
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
   * SHA-256 are the manifest's; a mismatch removes the part and is refused.
   */
  private async fetchFile(name: string, file: SnapshotManifest['files'][number], dir: string): Promise<void> {
    const final = path.join(dir, file.name);
    if (existsSync(final)) return;
    const part = `${final}.part`;
    await downloadRanges({
      part,
      size: file.size,
      read: (start, end) => this.objects.read(name, file.name, { start, end }),
      parallel: PARALLEL_RANGES,
      rangeBytes: RANGE_BYTES,
      bytesPerS: this.opts.downloadMbps ? this.opts.downloadMbps * 1e6 : undefined,
    });
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
