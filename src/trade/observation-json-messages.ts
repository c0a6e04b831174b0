import type { LabelParts } from './observation-labels.js';

/**
 * What the thread that writes observations is sent (see `observation-json-thread.ts`).
 * A page travels in a slot, a buffer of memory both threads share: its rows' numbers
 * (`ListedRows.packInto`), the bytes to write before and after the array (`before`
 * and `after` of them), then room for the JSON, which the thread writes there. Slots
 * are reused and nothing moves between the threads' heaps, so a page allocates
 * nothing on either thread but the answer's own copy of its bytes (memory moved
 * between threads would count, on each, as memory allocated anew, and bring their
 * garbage collections sooner).
 */
export type ToWriter =
  | { type: 'labels'; id: number; parts: LabelParts }
  | { type: 'forget'; id: number }
  | {
      type: 'page';
      task: number;
      labels: number;
      kind: 'annual' | 'monthly';
      /** The slot by id, with its memory the first time it is sent, or every time when it is not kept. */
      slot: { id: number; memory?: SharedArrayBuffer; kept: boolean };
      names: string[];
      rows: number;
      before: number;
      after: number;
    };

/**
 * Where a page's parts lie in its slot, in bytes: the numbers at 0, then `before`,
 * `after`, and the JSON at `json`, a multiple of 8. Copies to and from shared memory
 * go a word at a time only where both sides are so aligned, else a byte at a time
 * (under load, a page's copies took two to three times as long).
 */
export function slotLayout(page: { numbers: number; before: number; after: number }) {
  const before = 8 * page.numbers;
  const after = before + page.before;
  return { before, after, json: Math.ceil((after + page.after) / 8) * 8 };
}

/** What it answers for a page: how many bytes of JSON it wrote in the slot, or why it wrote none. */
export type FromWriter = { task: number; length: number } | { task: number; error: string };
