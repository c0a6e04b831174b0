import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { ApiKeyRecord } from '../keys.js';
import { GroupCommit } from './group-commit.js';
import type { CreditLedger, UsageEntry } from './index.js';

const FIELDS = ['period', 'keyId', 'credits', 'requestId', 'operation'] as const;

/** Reads a usage ledger file into credits used per `keyId|period`. */
export function readUsage(file: string): Map<string, { credits: number; calls: number }> {
  const used = new Map<string, { credits: number; calls: number }>();
  if (!existsSync(file)) return used;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [period, keyId, credits] = line.split('\t');
    if (!period || !keyId || !credits) continue; // a torn last line is not a call
    const k = `${keyId}|${period}`;
    const u = used.get(k) ?? { credits: 0, calls: 0 };
    u.credits += Number(credits);
    u.calls += 1;
    used.set(k, u);
  }
  return used;
}

/**
 * Embedded credits: counters in memory, the ledger an append-only file in
 * DATA_DIR. Each 200 is appended before its body is sent, so a killed process loses
 * nothing it answered; a restart re-reads the file. Concurrent calls share one
 * write (group commit). One process only.
 */
export class FileCreditLedger implements CreditLedger {
  private readonly used: Map<string, { credits: number; calls: number }>;
  private readonly reserved = new Map<string, number>();
  private readonly fd: number;
  private readonly lines = new GroupCommit<string, void>(async (lines) => {
    writeSync(this.fd, lines.join(''));
    return lines.map(() => undefined);
  });

  constructor(file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.used = readUsage(file);
    this.fd = openSync(file, 'a');
  }

  private usedOf(k: string): number {
    return (this.used.get(k)?.credits ?? 0) + (this.reserved.get(k) ?? 0);
  }

  async reserve(key: ApiKeyRecord & { quota: number }, entry: UsageEntry): Promise<{ ok: boolean; remaining: number }> {
    const k = `${key.id}|${entry.period}`;
    const remaining = key.quota - this.usedOf(k);
    if (remaining < entry.credits) return { ok: false, remaining: Math.max(0, remaining) };
    this.reserved.set(k, (this.reserved.get(k) ?? 0) + entry.credits);
    return { ok: true, remaining: remaining - entry.credits };
  }

  async commit(key: ApiKeyRecord, entry: UsageEntry, reserved: boolean): Promise<number | null> {
    await this.lines.add(`${FIELDS.map((f) => String(entry[f]).replace(/[\t\n]/g, ' ')).join('\t')}\n`);
    const k = `${key.id}|${entry.period}`;
    if (reserved) this.reserved.set(k, (this.reserved.get(k) ?? 0) - entry.credits);
    const u = this.used.get(k) ?? { credits: 0, calls: 0 };
    u.credits += entry.credits;
    u.calls += 1;
    this.used.set(k, u);
    return key.quota === null ? null : Math.max(0, key.quota - this.usedOf(k));
  }

  async release(key: ApiKeyRecord, entry: UsageEntry): Promise<void> {
    const k = `${key.id}|${entry.period}`;
    this.reserved.set(k, (this.reserved.get(k) ?? 0) - entry.credits);
  }

  async close(): Promise<void> {
    closeSync(this.fd);
  }
}
