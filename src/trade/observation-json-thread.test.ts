import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { after, describe, it } from 'node:test';
import { ANNUAL_COLUMNS } from './annual-listing.js';
import { ListedRows } from './listed-rows.js';
import { MONTHLY_COLUMNS } from './monthly-listing.js';
import {
  OFF_THREAD_MIN_ROWS,
  ObservationWriter,
  closeObservationWriter,
  observationsJson,
  observationsJsonHere,
  type ObservationPage,
} from './observation-json-thread.js';
import { ObservationLabels } from './observation-labels.js';
import { slotLayout } from './observation-json-messages.js';

const labels = ObservationLabels.of(
  [
    { id: 1, iso2: 'DE' },
    { id: 2, iso2: 'FR' },
    { id: 5, iso2: 'US' },
  ],
  [
    { granularity: 'annual', country: 1, period: 2019, hs_version: 2017 },
    { granularity: 'monthly', country: 2, period: 290, hs_version: 2012 },
  ],
);

/** `n` rows of the columns `names`, each value a function of the row and the column. */
function page<C extends string>(names: readonly C[], n: number, value: (i: number, c: C) => number): ListedRows<C> {
  return ListedRows.of(
    names,
    names.map((c) => Float64Array.from({ length: n }, (_, i) => value(i, c))),
  );
}

const annual = (n: number): ObservationPage => ({
  kind: 'annual',
  rows: page(ANNUAL_COLUMNS, n, (i, c) => {
    if (c === 'exporter') return [1, 2, 5, 9][i % 4]!;
    if (c === 'importer') return 1 + (i % 2);
    if (c === 'hs6') return 10121 + i;
    if (c === 'year') return 2018 + (i % 3);
    if (c === 'value') return i * 1.25 + 0.1;
    return i % 5 ? i : NaN;
  }),
});

const monthly = (n: number): ObservationPage => ({
  kind: 'monthly',
  rows: page(MONTHLY_COLUMNS, n, (i, c) => {
    if (c === 'exporter' || c === 'importer') return c === 'exporter' ? 1 + (i % 2) : 2 - (i % 2);
    if (c === 'hs6') return 854231;
    if (c === 'month') return 288 + (i % 4);
    if (c === 'value') return 1e21 / (i + 1);
    if (c === 'qty') return i % 3 ? i : NaN;
    return i % 2;
  }),
});

const around = { before: Buffer.from('{"data":'), after: Buffer.from(',"next_cursor":null,') };

after(() => closeObservationWriter());

describe('observations written on the writer thread', () => {
  it('are the bytes written here, around the envelope, for both kinds and labels sent once', async () => {
    const writer = new ObservationWriter();
    try {
      for (const p of [annual(1000), monthly(300), annual(3), annual(0), annual(2000), annual(1000)]) {
        const expected = observationsJsonHere(p, labels, around).toString();
        assert.equal((await writer.write(p, labels, around)).toString(), expected);
        assert.ok(expected.startsWith('{"data":[') && expected.endsWith('],"next_cursor":null,'));
      }
      const other = ObservationLabels.of([{ id: 1, iso2: 'GB' }], []);
      assert.match((await writer.write(annual(2), other, around)).toString(), /"exporter":"GB"/);
    } finally {
      await writer.close();
    }
  });

  it('refuses pages once closed, and the shared writer then writes them here', async () => {
    const writer = new ObservationWriter();
    await writer.close();
    assert.equal(writer.alive, false);
    await assert.rejects(writer.write(annual(1), labels, around), /ended/);
    const p = annual(OFF_THREAD_MIN_ROWS);
    const expected = observationsJsonHere(p, labels, around);
    assert.deepEqual(await observationsJson(p, labels, around), expected);
    await closeObservationWriter();
    assert.deepEqual(await observationsJson(p, labels, around), expected);
  });

  it('writes pages at once, each its own buffer', async () => {
    const pages = [annual(400), monthly(250), annual(OFF_THREAD_MIN_ROWS - 1)];
    const written = await Promise.all(pages.map((p) => observationsJson(p, labels, around)));
    written.forEach((w, i) => assert.deepEqual(w, observationsJsonHere(pages[i]!, labels, around)));
    assert.notEqual(written[0]!.buffer, written[1]!.buffer);
  });

  it('lays out the JSON of a page in its slot at a multiple of 8 bytes, after its other parts', () => {
    for (const [numbers, before, after] of [
      [0, 0, 0],
      [6000, 8, 20],
      [3, 5, 2],
      [1, 1, 7],
    ] as const) {
      const at = slotLayout({ numbers, before, after });
      assert.deepEqual([at.before, at.after], [8 * numbers, 8 * numbers + before]);
      assert.ok(at.json % 8 === 0 && at.json >= at.after + after && at.json < at.after + after + 8);
    }
  });

  it('holds no row of a page while the thread writes it', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const writer = new ObservationWriter();
    try {
      // Long pages first (some 75 ms of writing), so the next one waits; that one is made and
      // sent in a frame of its own, so only the writer could still hold it. A weak reference
      // holds its target until the end of the turn: the collection comes in the next.
      const long = [1, 2, 3].map(() => writer.write(annual(50_000), labels, around));
      const send = () => {
        const p = annual(1000);
        return { column: new WeakRef(p.rows.column('value')), written: writer.write(p, labels, around) };
      };
      const { column, written } = send();
      let done = false;
      void written.then(() => (done = true));
      await new Promise((resolve) => setImmediate(resolve));
      gc();
      assert.ok(!done, 'the page was written before the collection');
      assert.equal(column.deref(), undefined, 'the rows outlived their sending');
      assert.equal(JSON.parse(`${(await written).toString()}"end":0}`).data.length, 1000);
      await Promise.all(long);
    } finally {
      await writer.close();
    }
  });

  it('keeps a process alive while a page is written, and lets it end after', async () => {
    const here = (name: string) => JSON.stringify(new URL(`./${name}.ts`, import.meta.url).href);
    const script = `
      const { observationsJson } = await import(${here('observation-json-thread')});
      const { ObservationLabels } = await import(${here('observation-labels')});
      const { ListedRows } = await import(${here('listed-rows')});
      const names = ['exporter', 'importer', 'hs6', 'year', 'value', 'qty'];
      const rows = ListedRows.of(names, names.map(() => new Float64Array(300).fill(1)));
      const labels = ObservationLabels.of([{ id: 1, iso2: 'DE' }], []);
      const around = { before: new Uint8Array(0), after: new Uint8Array(0) };
      const written = observationsJson({ kind: 'annual', rows }, labels, around);
      written.then((b) => console.log('written', JSON.parse(b).length));`;
    const args = ['--import', 'tsx', '--input-type=module', '-e', script];
    const out = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, args, { timeout: 30_000 }, (err, stdout) =>
        err ? reject(new Error(err.message)) : resolve(stdout),
      ),
    );
    assert.equal(out.trim(), 'written 300');
  });
});
