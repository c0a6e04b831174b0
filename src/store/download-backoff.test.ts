import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_BACKOFF_POLLS, RetrySchedule, backoffPolls } from './download-backoff.js';

describe('the backoff of a failed download', () => {
  it('doubles from one poll interval up to 32', () => {
    assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 50, 5000].map(backoffPolls), [1, 2, 4, 8, 16, 32, 32, 32, 32]);
    assert.equal(MAX_BACKOFF_POLLS, 32);
    assert.equal(backoffPolls(0), 0);
  });

  it('tries at polls 0, 1, 3, 7, 15, 31, 63, 95… when every try fails', () => {
    const schedule = new RetrySchedule();
    const tries: number[] = [];
    for (let poll = 0; poll < 130; poll++) {
      if (!schedule.due(poll)) continue;
      tries.push(poll);
      schedule.failed(poll);
    }
    assert.deepEqual(tries, [0, 1, 3, 7, 15, 31, 63, 95, 127]);
  });

  it('is due at once again after a reset (a new current snapshot, a download that succeeded)', () => {
    const schedule = new RetrySchedule();
    for (const poll of [0, 1, 3, 7]) schedule.failed(poll);
    assert.equal(schedule.due(8), false);
    schedule.reset();
    assert.equal(schedule.due(8), true);
    assert.equal(schedule.failed(8), 1, 'the doubling starts over');
  });
});
