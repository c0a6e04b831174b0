import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { type DatasetStore, datasetStore } from '../src/datasets.js';
import {
  duckDbObservations,
  historyPage,
  type HistoryPosition,
  type HistoryRequest,
} from '../src/economics/history.js';
import type { ReadObservations } from '../src/economics/observations.js';
import { TRANSFORMS } from '../src/economics/transforms.js';
import { Random } from '../src/sample/random.js';
import { sampleDataDir } from './helpers/processes.js';

/**
 * The history operation serves observations from the in-memory arrays of the
 * snapshot; the DuckDB file is what they were read from. Every page of a seeded mix of
 * requests (series sets, date windows, transforms, cursor walks) must be identical.
 */
describe('economics observations in memory', () => {
  let dataDir: string;
  let store: DatasetStore;
  before(async () => {
    dataDir = await sampleDataDir();
    store = datasetStore({ dataDir, queryTimeoutMs: 30_000, pollMs: 60_000 });
    await store.start();
  });
  after(() => {
    store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds every observation of the snapshot', async () => {
    await store.use(async (snapshot) => {
      const [row] = await snapshot.db.query<{ n: number }>('SELECT count(*)::INTEGER AS n FROM econ.observations', {
        n: true,
      });
      assert.ok(row!.n > 10_000);
      assert.equal((await snapshot.content.observations.get()).size, row!.n);
    });
  });

  it('answers every page exactly as the database does', async () => {
    await store.use(async (snapshot) => {
      const rng = new Random(11);
      const series = snapshot.content.economics.series;
      const fromDuckDb = duckDbObservations(snapshot.db);
      const fromMemory = (await snapshot.content.observations.get()).read;
      const dates = [undefined, '1999-01-01', '2010-01-01', '2015-06-30', '2020-02-29', '2023-12-31', '2030-12-31'];
      let pages = 0;
      for (let i = 0; i < 120; i++) {
        const picked = Array.from({ length: rng.int(1, 4) }, () => series[rng.int(0, series.length - 1)]!);
        const chosen = [...new Map(picked.map((s) => [s.series_id, s])).values()].sort((a, b) =>
          a.series_id < b.series_id ? -1 : 1,
        );
        const from = dates[rng.int(0, 3)];
        const to = dates[rng.int(3, dates.length - 1)];
        const req: HistoryRequest = {
          series: i % 10 === 0 ? series : chosen,
          countryIds: [String(i)],
          kpiIds: null,
          ...(from ? { from } : {}),
          ...(to ? { to } : {}),
          transform: TRANSFORMS[rng.int(0, TRANSFORMS.length - 1)]!,
        };
        // Walk up to three pages of each request, so cursors meet both readers.
        for (let page = 0, after: HistoryPosition | undefined; page < 3; page++) {
          const a = await historyPage(fromMemory, { ...req, after });
          const b = await historyPage(fromDuckDb, { ...req, after });
          assert.deepEqual(a, b, `request ${i}, page ${page}`);
          pages++;
          if (!a.next) break;
          after = a.next;
        }
      }
      assert.ok(pages > 130, `${pages} pages compared`);
    });
  });

  it('reads no series whose data lie wholly outside the window asked for', async () => {
    await store.use(async (snapshot) => {
      const memory = (await snapshot.content.observations.get()).read;
      const asked: string[][] = [];
      const counted: ReadObservations = (ids, window) => {
        asked.push(ids);
        return memory(ids, window);
      };
      const series = snapshot.content.economics.series;
      for (const transform of TRANSFORMS) {
        const past = await historyPage(counted, {
          series,
          countryIds: null,
          kpiIds: null,
          from: '9999-01-01',
          transform,
        });
        const before = await historyPage(counted, {
          series,
          countryIds: null,
          kpiIds: null,
          to: '1000-12-31',
          transform,
        });
        assert.deepEqual(
          [past, before],
          [
            { data: [], next: null },
            { data: [], next: null },
          ],
          transform,
        );
      }
      assert.deepEqual(asked, []);
      // The same reader, asked within the data, is read: the count above could fail.
      await historyPage(counted, { series: series.slice(0, 1), countryIds: null, kpiIds: null, transform: 'none' });
      assert.equal(asked.length, 1);
    });
  });
});
