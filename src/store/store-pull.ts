import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { SnapshotObjectStore } from './object-store.js';
import { publishSnapshot } from './publish.js';
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
}

export interface PullLog {
  info(message: string): void;
  error(message: string): void;
}

/** A downloaded object whose SHA-256 is not the manifest's. */
export class ChecksumError extends Error {
  override name = 'ChecksumError';
}

/** Ranges of an object read at once, and their size: a few connections fill a disk where one does not. */
const PARALLEL_RANGES = 4;
const RANGE_BYTES = 32 * 2 ** 20;

/** Where a snapshot being downloaded is written, outside `snapshots/` (whose clean-up it must survive a restart). */
const incomingDir = (dataDir: string) => path.join(dataDir, 'incoming');

/**
 * Keeps a replica's DATA_DIR on the object store's current snapshot: polls
 * `current.json` (a conditional GET) every `pollMs`; a snapshot not here yet is
 * downloaded into `DATA_DIR/incoming/<name>/` (each object resumed from where a
 * former try stopped, its SHA-256 checked against the manifest before it counts),
 * then moved into `snapshots/` and published as a local build is: the servers' own
 * poll of CURRENT swaps to it. A store outage or a refused object leaves the
 * serving snapshot as it is, and is tried again at the next poll.
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

  constructor(
    private readonly opts: {
      dataDir: string;
      url: string;
      pollMs: number;
      snapshotsKept: number;
      /** MB (10^6 bytes) a second a download may take; undefined, as fast as it comes. */
      downloadMbps?: number;
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
    try {
      const current = await this.objects.current(this.etag);
      this.status.lastPollOkAt = new Date();
      if (this.failing) this.opts.log.info(`snapshot store ${this.status.store} answers again`);
      this.failing = false;
      if (current !== 'unchanged' && current !== undefined) {
        this.etag = current.etag;
        this.wanted = current.manifest;
        this.status.storeCurrent = current.manifest.snapshot;
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

  /** Downloads and publishes the wanted snapshot unless it is the local one (one download at a time). */
  private async follow(): Promise<void> {
    const wanted = this.wanted;
    if (!wanted || this.downloading) return;
    if ((await readCurrentName(this.opts.dataDir)) === wanted.snapshot) return;
    this.downloading = this.fetchSnapshot(wanted)
      .catch((err: unknown) => {
        if (err instanceof ChecksumError) this.status.checksumFailures++;
        else this.status.pollFailures++;
        this.opts.log.error(
          `snapshot ${wanted.snapshot} not taken from ${this.status.store}: ${(err as Error).message}`,
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
    if (!existsSync(target)) {
      const dir = path.join(incomingDir(dataDir), name);
      await mkdir(dir, { recursive: true });
      for (const file of manifest.files) await this.fetchFile(name, file, dir);
      await mkdir(snapshotsDir(dataDir), { recursive: true });
      await rename(dir, target);
    }
    await publishSnapshot(dataDir, name, this.opts.snapshotsKept);
    await this.dropOtherIncoming(name);
    this.opts.log.info(`snapshot ${name} taken from ${this.status.store}`);
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
