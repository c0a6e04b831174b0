import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { parseStoreUrl, type StoreLocation } from '../settings.js';
import { CONTENT_LAYOUT, parseManifest, type SnapshotManifest } from './snapshot-manifest.js';

/** A manifest the store answered that is not one of ours (see `parseManifest`); `etag` is the object's. */
export class RefusedManifestError extends Error {
  override name = 'RefusedManifestError';

  constructor(
    message: string,
    readonly etag: string,
  ) {
    super(message);
  }
}

/** Parts of a multipart upload: 16 MiB, two at a time (a 10 GB file is 640 parts, far below S3's 10 000). */
const PART_BYTES = 16 * 2 ** 20;

/**
 * The snapshots of an object store, through the AWS SDK v3: credentials from the
 * standard chain, the endpoint from `AWS_ENDPOINT_URL_S3` (or `AWS_ENDPOINT_URL`)
 * when set, addressed by path then (what every S3-compatible store understands).
 *
 * Layout under the prefix: `objects/<sha256>`, each file by its content, written once
 * whatever the number of snapshots that hold it; `snapshots/<name>/manifest.json` for
 * each snapshot, naming its files with their SHA-256; and `current.json`, the manifest
 * of the current one, written last. A manifest without `"objects": "sha256"` (written
 * by an earlier release) names files kept at `snapshots/<name>/<file>`, which are
 * still read, and removed with their snapshot.
 */
export class SnapshotObjectStore {
  readonly url: string;
  readonly location: StoreLocation;
  private readonly client: S3Client;

  /** `url`: `SNAPSHOT_STORE_URL` (`s3://bucket/prefix`). */
  constructor(url: string, env: NodeJS.ProcessEnv = process.env) {
    const location = parseStoreUrl(url);
    this.location = location;
    this.url = `s3://${location.bucket}${location.prefix ? `/${location.prefix}` : ''}`;
    const endpoint = env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL;
    // The SDK's notice that later versions need Node 22 would break the one-JSON-object
    // log lines; the lockfile pins a version that runs on the Node 20 these machines ship.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    this.client = new S3Client({
      ...(env.AWS_REGION || env.AWS_DEFAULT_REGION ? {} : { region: 'us-east-1' }),
      ...(endpoint ? { forcePathStyle: true } : {}),
      maxAttempts: 3,
    });
  }

  private key(...parts: string[]): string {
    return [this.location.prefix, ...parts].filter(Boolean).join('/');
  }

  /** Uploads a local file as `snapshots/<name>/<file>` (the layout of manifests without `objects`). */
  async upload(name: string, file: string, local: string): Promise<void> {
    await this.uploadAs(this.key('snapshots', name, file), local);
  }

  /**
   * Uploads a local file as `objects/<sha256>`, its content's key, with its SHA-256 in
   * the object's metadata (`hasObject` reads it back).
   */
  async uploadObject(sha256: string, local: string): Promise<void> {
    await this.uploadAs(this.objectKey(sha256), local, { sha256 });
  }

  private async uploadAs(key: string, local: string, metadata?: Record<string, string>): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.location.bucket,
        Key: key,
        Body: createReadStream(local),
        ...(metadata ? { Metadata: metadata } : {}),
      },
      partSize: PART_BYTES,
      queueSize: 2,
    });
    await upload.done();
  }

  private objectKey(sha256: string): string {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`${sha256} is not a SHA-256`);
    return this.key('objects', sha256);
  }

  /**
   * Whether `objects/<sha256>` is in the store whole: `size` bytes, with that SHA-256 in
   * its metadata (an upload cut short leaves no object; an object of another size or
   * digest is written again).
   */
  async hasObject(sha256: string, size: number): Promise<boolean> {
    try {
      const r = await this.client.send(
        new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(sha256) }),
      );
      return r.ContentLength === size && r.Metadata?.sha256 === sha256;
    } catch (err) {
      const status = (err as S3ServiceException).$metadata?.httpStatusCode;
      if (status === 404 || (err as Error).name === 'NotFound' || (err as Error).name === 'NoSuchKey') return false;
      throw err;
    }
  }

  private async putJson(key: string, value: unknown): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.location.bucket,
        Key: key,
        Body: `${JSON.stringify(value, null, 2)}\n`,
        ContentType: 'application/json',
      }),
    );
  }

  /** Writes a snapshot's manifest, then (`current`) makes it the store's current one. */
  async putManifest(manifest: SnapshotManifest, current: boolean): Promise<void> {
    await this.putJson(this.key('snapshots', manifest.snapshot, 'manifest.json'), manifest);
    if (current) await this.putJson(this.key('current.json'), manifest);
  }

  /**
   * The store's current manifest, unless its ETag is still `etag` ('unchanged'); undefined
   * when the store has none yet. One that is not a manifest of ours is a `RefusedManifestError`.
   */
  async current(etag?: string): Promise<{ manifest: SnapshotManifest; etag: string } | 'unchanged' | undefined> {
    let answer: { text: string; etag: string };
    try {
      const r = await this.client.send(
        new GetObjectCommand({
          Bucket: this.location.bucket,
          Key: this.key('current.json'),
          ...(etag ? { IfNoneMatch: etag } : {}),
        }),
      );
      answer = { text: await r.Body!.transformToString(), etag: r.ETag ?? '' };
    } catch (err) {
      const status = (err as S3ServiceException).$metadata?.httpStatusCode;
      if (status === 304) return 'unchanged';
      if (status === 404 || (err as Error).name === 'NoSuchKey') return undefined;
      throw err;
    }
    try {
      return { manifest: parseManifest(answer.text, `${this.url}/current.json`), etag: answer.etag };
    } catch (err) {
      throw new RefusedManifestError((err as Error).message, answer.etag);
    }
  }

  /**
   * The bytes `start`..`end` (inclusive) of a file of `manifest`: `objects/<sha256>`, or
   * `snapshots/<name>/<file>` for a manifest of the earlier layout. Both names come
   * from a checked manifest (`parseManifest`).
   */
  async read(
    manifest: SnapshotManifest,
    file: SnapshotManifest['files'][number],
    range: { start: number; end: number },
  ): Promise<Readable> {
    const key =
      manifest.objects === CONTENT_LAYOUT
        ? this.objectKey(file.sha256)
        : this.key('snapshots', manifest.snapshot, file.name);
    const r = await this.client.send(
      new GetObjectCommand({ Bucket: this.location.bucket, Key: key, Range: `bytes=${range.start}-${range.end}` }),
    );
    return r.Body as Readable;
  }

  /** The names of the snapshots in the store (those with a manifest), oldest first. */
  async snapshots(): Promise<string[]> {
    const names = new Set<string>();
    for await (const key of this.keys(this.key('snapshots') + '/')) {
      const m = /\/snapshots\/([^/]+)\/manifest\.json$/.exec(`/${key}`);
      if (m) names.add(m[1]!);
    }
    return [...names].sort();
  }

  /** A snapshot's manifest in the store. */
  async manifest(name: string): Promise<SnapshotManifest> {
    const r = await this.client.send(
      new GetObjectCommand({ Bucket: this.location.bucket, Key: this.key('snapshots', name, 'manifest.json') }),
    );
    return parseManifest(await r.Body!.transformToString(), `${this.url}/snapshots/${name}/manifest.json`);
  }

  /**
   * Removes a snapshot from the store: its manifest first, so a reader never finds a
   * manifest without its files, then what is left under `snapshots/<name>/` (files of
   * the earlier layout). Its `objects/` stay: `removeObjectsExcept` removes those no
   * kept manifest names.
   */
  async remove(name: string): Promise<void> {
    const dir = this.key('snapshots', name) + '/';
    const manifest = `${dir}manifest.json`;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: manifest }));
    for await (const key of this.keys(dir)) {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: key }));
    }
  }

  /** Removes every `objects/<sha256>` whose digest is not in `kept`; returns how many. */
  async removeObjectsExcept(kept: ReadonlySet<string>): Promise<number> {
    const prefix = this.key('objects') + '/';
    const stale: string[] = [];
    for await (const key of this.keys(prefix)) if (!kept.has(key.slice(prefix.length))) stale.push(key);
    for (const key of stale)
      await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: key }));
    return stale.length;
  }

  private async *keys(prefix: string): AsyncGenerator<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.location.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) if (o.Key) yield o.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}
