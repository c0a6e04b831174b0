import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readUsage } from '../credits/file.js';
import { generateKey, generateKeyId, hashKey, type ApiKeyRecord, type KeyStore, type StoredKey } from '../keys.js';
import type { KeyAdmin, ListedKey, NewKey } from './admin.js';

/** Embedded state lives in DATA_DIR/state. */
export function stateFiles(dataDir: string): { keys: string; usage: string } {
  const dir = path.join(dataDir, 'state');
  return { keys: path.join(dir, 'keys.json'), usage: path.join(dir, 'usage.log') };
}

function readKeys(file: string): StoredKey[] {
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as { keys: StoredKey[] }).keys;
}

function writeKeys(file: string, keys: StoredKey[]): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify({ keys }, null, 2)}\n`);
  renameSync(tmp, file);
}

const toRecord = (k: StoredKey): ApiKeyRecord => ({ id: k.id, name: k.name, quota: k.quota, rate: k.rate });

/**
 * Keys of the embedded mode: a JSON file the CLI replaces atomically and the server
 * re-reads when it changes (checked every `pollMs`), so a revocation takes effect
 * within that time.
 */
export class FileKeyStore implements KeyStore {
  private byHash = new Map<string, ApiKeyRecord>();
  private mtimeMs = -1;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly file: string,
    pollMs = 250,
  ) {
    this.reload();
    this.timer = setInterval(() => this.reload(), pollMs);
    this.timer.unref();
  }

  private reload(): void {
    const mtime = existsSync(this.file) ? statSync(this.file).mtimeMs : 0;
    if (mtime === this.mtimeMs) return;
    try {
      this.byHash = new Map(
        readKeys(this.file)
          .filter((k) => !k.revokedAt)
          .map((k) => [k.hash, toRecord(k)]),
      );
      this.mtimeMs = mtime;
    } catch {
      // a file being replaced is read again on the next tick
    }
  }

  async lookup(presentedKey: string): Promise<ApiKeyRecord | null> {
    const hash = hashKey(presentedKey);
    if (!this.byHash.has(hash)) this.reload(); // a key created a moment ago works at once
    return this.byHash.get(hash) ?? null;
  }

  close(): void {
    clearInterval(this.timer);
  }
}

export class FileKeyAdmin implements KeyAdmin {
  private readonly files: { keys: string; usage: string };

  constructor(dataDir: string) {
    this.files = stateFiles(dataDir);
  }

  async create(input: NewKey): Promise<{ key: string; record: StoredKey }> {
    const key = generateKey();
    const record: StoredKey = {
      id: generateKeyId(),
      name: input.name,
      quota: input.quota,
      rate: input.rate,
      hash: hashKey(key),
      createdAt: new Date().toISOString(),
      revokedAt: null,
    };
    writeKeys(this.files.keys, [...readKeys(this.files.keys), record]);
    return { key, record };
  }

  async list(period: string): Promise<ListedKey[]> {
    const usage = readUsage(this.files.usage);
    return readKeys(this.files.keys).map(({ hash: _hash, ...k }) => ({
      ...k,
      usage: usage.get(`${k.id}|${period}`) ?? { credits: 0, calls: 0 },
    }));
  }

  async revoke(id: string): Promise<boolean> {
    const keys = readKeys(this.files.keys);
    const k = keys.find((x) => x.id === id);
    if (!k) return false;
    k.revokedAt ??= new Date().toISOString();
    writeKeys(this.files.keys, keys);
    return true;
  }

  async close(): Promise<void> {}
}
