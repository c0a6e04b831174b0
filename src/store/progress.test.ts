import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Progress, formatProgress, phasePace, type ProgressEvent } from './progress.js';

describe('the pace of a phase', () => {
  it('rows a second over the phase so far, counting only the rows of the phase', () => {
    assert.deepEqual(phasePace({ rows: 3_000_000, rowsAtStart: 0, fraction: 0, elapsedMs: 8_000 }), {
      rowsPerS: 375_000,
    });
    assert.deepEqual(phasePace({ rows: 1_500, rowsAtStart: 500, fraction: 0, elapsedMs: 250 }), { rowsPerS: 4_000 });
  });

  it('the time left at the pace of the finished share so far', () => {
    assert.deepEqual(phasePace({ rows: undefined, rowsAtStart: 0, fraction: 0.25, elapsedMs: 10_000 }), {
      leftS: 30,
    });
    assert.deepEqual(phasePace({ rows: 2_000_000, rowsAtStart: 0, fraction: 0.8, elapsedMs: 4_000 }), {
      rowsPerS: 500_000,
      leftS: 1,
    });
  });

  it('nothing where there is nothing to measure: no row counted, no time passed, no share or all of it', () => {
    assert.deepEqual(phasePace({ rows: 11_000_000, rowsAtStart: 11_000_000, fraction: 0, elapsedMs: 5_000 }), {});
    assert.deepEqual(phasePace({ rows: undefined, rowsAtStart: 0, fraction: 0, elapsedMs: 5_000 }), {});
    assert.deepEqual(phasePace({ rows: 10, rowsAtStart: 0, fraction: 0.5, elapsedMs: 0 }), {});
    assert.deepEqual(phasePace({ rows: undefined, rowsAtStart: 0, fraction: 1, elapsedMs: 5_000 }), {});
  });
});

describe('a progress line', () => {
  const event = (e: Partial<ProgressEvent>): ProgressEvent => ({
    task: 'trade ingest',
    phase: 'read flows',
    step: 1,
    steps: 6,
    percent: 12,
    elapsedS: 8,
    kind: 'tick',
    ...e,
  });

  it('shows rows, their rate and the time left of the phase', () => {
    assert.equal(
      formatProgress(event({ rows: 2_345_678, rowsPerS: 356_012, leftS: 25 })),
      'progress: trade ingest: 12% read flows (phase 1/6), 2,345,678 rows, 356,012 rows/s, 8 s, ' +
        'about 25 s left in this phase',
    );
  });

  it('leaves out what is not known', () => {
    assert.equal(formatProgress(event({})), 'progress: trade ingest: 12% read flows (phase 1/6), 8 s');
    assert.equal(
      formatProgress(event({ kind: 'done', percent: 100, rows: 11_000_000, elapsedS: 57 })),
      'progress: trade ingest: 100% done, 11,000,000 rows, 57 s',
    );
  });
});

describe('a task reporting its progress', () => {
  it('gives each line of a phase the rate of the rows counted in it and the time it still needs', async () => {
    const events: ProgressEvent[] = [];
    const progress = new Progress(
      'test ingest',
      [
        ['read', 1],
        ['sort', 1],
      ],
      { sink: (e) => events.push(e), intervalMs: 10_000 },
    );
    progress.phase('read');
    await new Promise((r) => setTimeout(r, 200));
    progress.report('read a.csv', 1_000, 0.5);
    progress.phase('sort', 1_000);
    progress.done(1_000);
    const [start, read, sort, done] = events;
    assert.deepEqual([start?.rowsPerS, start?.leftS], [undefined, undefined]);
    // 1 000 rows in 0.2 s or more (a loaded machine wakes timers late); as long again for the other half.
    assert.ok(read!.rowsPerS! > 0 && read!.rowsPerS! <= 5_000, `${read!.rowsPerS} rows/s`);
    assert.ok(read!.leftS !== undefined && read!.leftS <= 5, `${read!.leftS} s left`);
    assert.match(
      formatProgress(read!),
      /^progress: test ingest: 25% read a\.csv \(phase 1\/2\), 1,000 rows, [\d,]+ rows\/s, \d+ s, about \d+ s left in/,
    );
    // The sort counts no row of its own: no rate, whatever the rows so far.
    assert.deepEqual([sort?.phase, sort?.rows, sort?.rowsPerS], ['sort', 1_000, undefined]);
    assert.deepEqual([done?.kind, done?.rowsPerS, done?.leftS], ['done', undefined, undefined]);
  });
});
