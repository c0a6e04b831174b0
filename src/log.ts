import { pino } from 'pino';
import { LOG_LEVEL_DEFAULT } from './settings.js';
import type { ProgressSink } from './store/progress.js';
import { formatProgress } from './store/progress.js';

/**
 * The server's log: one JSON object per line on standard output (startup, snapshot
 * swaps, requests, shutdown), with the level as a word and an ISO time, so a log
 * collector needs no pino-specific decoding.
 */
export type Logger = pino.Logger;

/**
 * Standard output, written off the requests' path: lines are gathered and written
 * 4 KB at a time, or within LOG_FLUSH_MS, and at exit. (One write per line cost
 * as much as 7 % of a cached answer.)
 */
const LOG_FLUSH_MS = 200;
let standardOutput: ReturnType<typeof pino.destination> | undefined;
function standardOutputStream(): pino.DestinationStream {
  if (!standardOutput) {
    const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
    setInterval(() => stream.flush(), LOG_FLUSH_MS).unref();
    process.once('exit', () => stream.flushSync());
    standardOutput = stream;
  }
  return standardOutput;
}

/**
 * pino's `isoTime`, formatted once a millisecond: the lines of one millisecond (a dozen
 * under load) share it.
 */
function isoTimeByMillisecond(): () => string {
  let ms = NaN;
  let field = '';
  return () => {
    const now = Date.now();
    if (now !== ms) {
      ms = now;
      field = `,"time":"${new Date(now).toISOString()}"`;
    }
    return field;
  };
}

export function createLogger(level = LOG_LEVEL_DEFAULT, stream?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      formatters: { level: (label) => ({ level: label }) },
      timestamp: isoTimeByMillisecond(),
      base: { pid: process.pid },
    },
    stream ?? standardOutputStream(),
  );
}

/** Writes what is buffered now: before an exit that does not run the exit handlers' async work. */
export function flushLog(): void {
  standardOutput?.flushSync();
}

/**
 * The line a process that cannot start prints before exiting 1: one JSON object on
 * standard error whose `msg` names the problem and the fix, never a stack trace.
 */
export function fatalLine(message: string): string {
  return `${JSON.stringify({ level: 'fatal', time: new Date().toISOString(), pid: process.pid, msg: message })}\n`;
}

/** Build progress as log lines: the readable text in `msg`, the numbers as fields. */
export function progressLog(logger: Logger): ProgressSink {
  return (e) =>
    logger.info(
      {
        task: e.task,
        phase: e.phase,
        step: e.step,
        steps: e.steps,
        percent: e.percent,
        rows: e.rows,
        elapsed_s: e.elapsedS,
      },
      formatProgress(e),
    );
}
