import { Worker } from 'node:worker_threads';
import type { AnnualRows } from './annual-listing.js';
import type { MonthlyRows } from './monthly-listing.js';
import { annualObservationsJson, monthlyObservationsJson, type Around } from './observation-json.js';
import type { ObservationLabels } from './observation-labels.js';
import { ListedRows } from './listed-rows.js';
import { slotLayout, type FromWriter, type ToWriter } from './observation-json-messages.js';

/**
 * Large pages of observations written on a thread of their own. Writing a page of a
 * thousand rows (170 KB) costs the thread that reads requests about 0.3 ms; with the
 * writer thread, that thread only copies the page's numbers into a slot of shared
 * memory and the written bytes out of it (some 40 µs), and reads other requests while
 * the page is written. The bytes are the same wherever they are written: both threads
 * run `observation-json.ts`.
 *
 * The writer holds the labels of each catalogue it writes for, sent once (and
 * forgotten once the catalogue is). When it cannot take a page (too many waiting, or
 * it failed), the page is written where it is asked for.
 */

/** A page's rows and which observations they are. */
export type ObservationPage = { kind: 'annual'; rows: AnnualRows } | { kind: 'monthly'; rows: MonthlyRows };

/** Pages of fewer rows are written where they are asked for: sending them costs about what writing them does. */
export const OFF_THREAD_MIN_ROWS = 200;
/** Pages the writer holds at most; more are written where they are asked for. */
const WAITING_MAX = 64;

/**
 * The thread of the worker module beside this one. Where the sources run as they are
 * (`.ts`, in development and tests), the thread registers their loader itself first:
 * a worker thread does not get the hooks of its parent's `--import tsx`.
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./observation-json-worker.js', import.meta.url));
  const source = JSON.stringify(new URL('./observation-json-worker.ts', import.meta.url).href);
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${source}); })`, {
    eval: true,
  });
}

/** The page's JSON between `around`'s bytes, written on this thread, in a buffer of its own. */
export function observationsJsonHere(page: ObservationPage, labels: ObservationLabels, around: Around): Buffer {
  const written =
    page.kind === 'annual'
      ? annualObservationsJson(labels, page.rows, around)
      : monthlyObservationsJson(labels, page.rows, around);
  const body = Buffer.allocUnsafe(written.length);
  body.set(written);
  return body;
}

let labelIds = 0;
const labelIdOf = new WeakMap<ObservationLabels, number>();
/** Writers that may hold labels: each forgets them once the labels themselves are collected. */
const writers = new Set<ObservationWriter>();
const forgotten = new FinalizationRegistry<number>((id) => writers.forEach((w) => w.forget(id)));

function idOf(labels: ObservationLabels): number {
  let id = labelIdOf.get(labels);
  if (id === undefined) {
    labelIdOf.set(labels, (id = ++labelIds));
    forgotten.register(labels, id);
  }
  return id;
}

/** A slot (see `observation-json-messages.ts`) and whether the thread keeps it, so later pages send only its id. */
interface Slot {
  id: number;
  memory: SharedArrayBuffer;
  kept: boolean;
}

/** The bytes of a kept slot: a page of a thousand rows fits (56 KB of numbers, 170 KB of JSON). */
const SLOT_BYTES = 512 * 1024;
/**
 * Slots kept at most, one for each page that may wait (32 MB when all are made); only
 * a page that needs more room has one of its own. With fewer (16), the pages beyond
 * them each made a slot of their own, zeroed, shared with the thread and dropped:
 * 2.4 % of the reading thread's time under load.
 */
const SLOTS_KEPT = WAITING_MAX;
/** The most bytes one written observation takes (a monthly one with the longest numbers is about 250). */
const ROW_JSON_BYTES = 320;

/** A thread that writes pages of observations (`observation-json-worker.ts`). */
export class ObservationWriter {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, (answer: FromWriter) => void>();
  private tasks = 0;
  /** The labels the thread holds, by the id they were sent with. */
  private readonly held = new Set<number>();
  private readonly free: Slot[] = [];
  private kept = 0;
  private slotIds = 0;
  /** The kept slots the thread holds (sent once). */
  private readonly sent = new Set<number>();
  private ended = false;

  constructor() {
    this.worker = startWorker();
    writers.add(this);
    this.worker.on('message', (answer: FromWriter) => {
      const done = this.waiting.get(answer.task);
      this.waiting.delete(answer.task);
      this.holdProcess();
      done?.(answer);
    });
    this.worker.on('error', (e) => this.end(e.message));
    this.worker.on('exit', (code) => this.end(`the writer thread exited (${code})`));
    // After the listeners: a listener of its messages would keep the process alive again.
    this.holdProcess();
  }

  /** The thread keeps the process alive while a page waits for it, and only then. */
  private holdProcess(): void {
    if (this.waiting.size > 0) this.worker.ref();
    else this.worker.unref();
  }

  private end(why: string): void {
    if (this.ended) return;
    this.ended = true;
    writers.delete(this);
    for (const [task, done] of this.waiting) done({ task, error: why });
    this.waiting.clear();
  }

  /** Whether the thread still writes (it ends when it fails or is closed). */
  get alive(): boolean {
    return !this.ended;
  }

  /** Whether a page sent now would wait behind `WAITING_MAX` others (it is written where it is asked for). */
  get full(): boolean {
    return this.waiting.size >= WAITING_MAX;
  }

  private send(message: ToWriter): void {
    this.worker.postMessage(message);
  }

  forget(id: number): void {
    if (this.held.delete(id) && !this.ended) this.send({ type: 'forget', id });
  }

  /** A slot of at least `bytes`: a kept one when one is free and large enough, else one for this page alone. */
  private slot(bytes: number): Slot {
    const free = bytes <= SLOT_BYTES ? this.free.pop() : undefined;
    if (free) return free;
    const kept = bytes <= SLOT_BYTES && this.kept < SLOTS_KEPT;
    if (kept) this.kept++;
    return { id: ++this.slotIds, memory: new SharedArrayBuffer(kept ? SLOT_BYTES : bytes), kept };
  }

  /**
   * The page's JSON between `around`'s bytes, written on the thread (or here, when the
   * thread could not write it once sent); rejected when the thread has ended. The page's
   * rows are not held while the thread writes: they are copied into the slot, and this
   * function (not async) returns before the wait, so no frame of it keeps them alive.
   */
  write(page: ObservationPage, labels: ObservationLabels, around: Around): Promise<Buffer> {
    if (this.ended) return Promise.reject(new Error('the writer thread has ended'));
    const id = idOf(labels);
    if (!this.held.has(id)) {
      this.held.add(id);
      this.send({ type: 'labels', id, parts: labels.parts() });
    }
    const { rows, kind } = page;
    const { before, after } = around;
    const at = slotLayout({ numbers: rows.packedLength, before: before.length, after: after.length });
    const slot = this.slot(at.json + rows.length * ROW_JSON_BYTES + 2);
    try {
      const names = rows.packInto(new Float64Array(slot.memory, 0, rows.packedLength));
      const bytes = new Uint8Array(slot.memory);
      bytes.set(before, at.before);
      bytes.set(after, at.after);
      const first = !this.sent.has(slot.id);
      if (first && slot.kept) this.sent.add(slot.id);
      const sent = { id: slot.id, kept: slot.kept, ...(first ? { memory: slot.memory } : {}) };
      const task = ++this.tasks;
      const sizes = { rows: rows.length, before: before.length, after: after.length };
      const answer = new Promise<FromWriter>((resolve) => {
        this.waiting.set(task, resolve);
        this.holdProcess();
        this.send({ type: 'page', task, labels: id, kind, slot: sent, names, ...sizes });
      });
      return this.written(answer, { slot, at: at.json, kind, names, rows: sizes.rows, labels, around });
    } catch (err) {
      if (slot.kept) this.free.push(slot);
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }

  /** The bytes the thread wrote in the slot (or, when it could not, the page written here from the slot's numbers). */
  private async written(
    answer: Promise<FromWriter>,
    page: {
      slot: Slot;
      at: number;
      kind: ObservationPage['kind'];
      names: string[];
      rows: number;
      labels: ObservationLabels;
      around: Around;
    },
  ): Promise<Buffer> {
    const { slot, at, kind, names, rows, labels, around } = page;
    try {
      const done = await answer;
      if ('error' in done) {
        const values = new Float64Array(slot.memory, 0, names.length * rows).slice();
        const again = { kind, rows: ListedRows.unpacked({ names, length: rows, values }) } as ObservationPage;
        return observationsJsonHere(again, labels, around);
      }
      // Copied out of the slot into the answer's own buffer, in one call (`Buffer.from` of a view of shared
      // memory copies it a byte at a time).
      const body = Buffer.allocUnsafe(done.length);
      body.set(new Uint8Array(slot.memory, at, done.length));
      return body;
    } finally {
      if (slot.kept) this.free.push(slot);
    }
  }

  async close(): Promise<void> {
    this.end('the writer thread was closed');
    await this.worker.terminate();
  }
}

let shared: ObservationWriter | undefined;
/** After the shared thread ends, pages are written here this long before another thread starts (ms). */
const RESTART_AFTER_MS = 10_000;
let endedAt = -Infinity;

/**
 * The page's JSON between `around`'s bytes, in a buffer of its own: written on the
 * writer thread when the page is large and the thread free, else here.
 */
export function observationsJson(page: ObservationPage, labels: ObservationLabels, around: Around): Promise<Buffer> {
  // Not an async function: it holds no page while the thread writes one.
  const here = () => Promise.resolve(observationsJsonHere(page, labels, around));
  if (page.rows.length < OFF_THREAD_MIN_ROWS) return here();
  if (shared && !shared.alive) [shared, endedAt] = [undefined, Date.now()];
  if (!shared && Date.now() - endedAt < RESTART_AFTER_MS) return here();
  const writer = (shared ??= new ObservationWriter());
  if (!writer.alive || writer.full) return here();
  return writer.write(page, labels, around);
}

/** Ends the shared writer thread (at shutdown); the next large page starts another. */
export async function closeObservationWriter(): Promise<void> {
  const running = shared;
  shared = undefined;
  await running?.close();
}
