import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { freePort } from './processes.js';

/**
 * An S3-compatible server on this machine (the npm package s3rver), as a process of
 * its own so that a test can stop it and start it again on the same port and files.
 * Each object is a plain file under `dir` (`<bucket>/<key>._S3rver_object`).
 */
export class LocalObjectStore {
  private child: ChildProcess | undefined;

  private constructor(
    readonly dir: string,
    readonly port: number,
    readonly bucket: string,
  ) {}

  static async start(dir: string, bucket = 'snapshots'): Promise<LocalObjectStore> {
    mkdirSync(dir, { recursive: true });
    const store = new LocalObjectStore(dir, await freePort(), bucket);
    await store.resume();
    return store;
  }

  /** The environment a publisher or replica reaches it with (the standard AWS settings). */
  env(prefix: string): Record<string, string> {
    return {
      SNAPSHOT_STORE_URL: `s3://${this.bucket}/${prefix}`,
      AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${this.port}`,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_REGION: 'us-east-1',
    };
  }

  /** The file holding an object. */
  objectFile(key: string): string {
    return path.join(this.dir, this.bucket, `${key}._S3rver_object`);
  }

  /** Starts the server (again), and waits until it accepts connections. */
  async resume(): Promise<void> {
    const bin = path.resolve('node_modules/s3rver/bin/s3rver.js');
    const args = [bin, '-d', this.dir, '-a', '127.0.0.1', '-p', String(this.port), '-s'];
    this.child = spawn(process.execPath, [...args, '--configure-bucket', this.bucket], { stdio: 'ignore' });
    for (let i = 0; i < 200; i++) {
      const up = await new Promise<boolean>((resolve) => {
        const socket = connect(this.port, '127.0.0.1', () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the object store on port ${this.port} did not start`);
  }

  /** Stops the server (its files stay). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}
