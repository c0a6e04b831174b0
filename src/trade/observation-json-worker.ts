// The thread that writes pages of observations (started by `observation-json-thread.ts`).
import { parentPort } from 'node:worker_threads';
import { ListedRows } from './listed-rows.js';
import { annualObservationsJson, monthlyObservationsJson } from './observation-json.js';
import { ObservationLabels } from './observation-labels.js';
import type { AnnualRows } from './annual-listing.js';
import type { MonthlyRows } from './monthly-listing.js';
import { slotLayout, type FromWriter, type ToWriter } from './observation-json-messages.js';

const held = new Map<number, ObservationLabels>();
const slots = new Map<number, SharedArrayBuffer>();

function page(m: Extract<ToWriter, { type: 'page' }>): FromWriter {
  const { task } = m;
  const labels = held.get(m.labels);
  if (!labels) return { task, error: `labels ${m.labels} were not sent` };
  const slot = m.slot.memory ?? slots.get(m.slot.id);
  if (!slot) return { task, error: `slot ${m.slot.id} was not sent` };
  if (m.slot.memory && m.slot.kept) slots.set(m.slot.id, m.slot.memory);
  const numbers = m.names.length * m.rows;
  const at = slotLayout({ numbers, before: m.before, after: m.after });
  const rows = ListedRows.unpacked({ names: m.names, length: m.rows, values: new Float64Array(slot, 0, numbers) });
  const around = { before: new Uint8Array(slot, at.before, m.before), after: new Uint8Array(slot, at.after, m.after) };
  const written =
    m.kind === 'annual'
      ? annualObservationsJson(labels, rows as AnnualRows, around)
      : monthlyObservationsJson(labels, rows as MonthlyRows, around);
  // Written in the writers' scratch buffer, then copied into the slot.
  if (at.json + written.length > slot.byteLength)
    return { task, error: `the page's ${written.length} bytes are more than its slot holds` };
  new Uint8Array(slot, at.json, written.length).set(written);
  return { task, length: written.length };
}

parentPort?.on('message', (m: ToWriter) => {
  switch (m.type) {
    case 'labels':
      held.set(m.id, ObservationLabels.fromParts(m.parts));
      return;
    case 'forget':
      held.delete(m.id);
      return;
    case 'page': {
      let answer: FromWriter;
      try {
        answer = page(m);
      } catch (e) {
        answer = { task: m.task, error: e instanceof Error ? e.message : String(e) };
      }
      parentPort!.postMessage(answer);
    }
  }
});
