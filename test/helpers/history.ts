import assert from 'node:assert/strict';
import type { TestServer } from './server.js';

/** A point of `/v1/history`, as the tests read it. */
export interface HistoryPoint {
  series_id: string;
  date: string;
  value: number;
  frequency: string;
  realtime_start?: string;
}

/** Every point of a `/v1/history` query, following its cursors to the last page. */
export async function historyPoints(s: TestServer, query: string): Promise<HistoryPoint[]> {
  const out: HistoryPoint[] = [];
  let cursor: string | null = null;
  do {
    const r: any = await s.get(`/v1/history?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    assert.equal(r.status, 200, `${query}: ${JSON.stringify(r.body)}`);
    out.push(...r.body.data);
    cursor = r.body.next_cursor;
  } while (cursor);
  return out;
}
