/**
 * Progress of a long build or ingest: one line per update, and while one phase runs
 * (a single DuckDB statement may take minutes) a line repeating it at least every
 * `intervalMs`, so an operator can tell a slow build from a stuck one.
 *
 * A task is a list of phases, each with a weight (its expected share of the work);
 * the percent shown is the weight of the finished phases plus the finished share of
 * the current one, when that is known. While a phase counts rows, a line also shows
 * their rate over the phase so far; while its finished share is known, the time the
 * phase still needs at its pace so far.
 */

export interface ProgressEvent {
  task: string;
  phase: string;
  /** 1-based position of the phase, and how many there are. */
  step: number;
  steps: number;
  percent: number;
  /** Rows written or read so far by the phase (or the task), when known. */
  rows?: number;
  /** Rows a second the running phase has counted, over its time so far (when it counted any). */
  rowsPerS?: number;
  /** Seconds the running phase still needs at its pace so far (when its finished share is known). */
  leftS?: number;
  elapsedS: number;
  /** `start` of a phase, `tick` while it runs, `done` of the task. */
  kind: 'start' | 'tick' | 'done';
}

export type ProgressSink = (event: ProgressEvent) => void;

/** One line of text for a progress event. */
export function formatProgress(e: ProgressEvent): string {
  const rows = e.rows === undefined ? '' : `, ${e.rows.toLocaleString('en-US')} rows`;
  const rate = e.rowsPerS === undefined ? '' : `, ${e.rowsPerS.toLocaleString('en-US')} rows/s`;
  const left = e.leftS === undefined ? '' : `, about ${e.leftS} s left in this phase`;
  const what = e.kind === 'done' ? 'done' : `${e.phase} (phase ${e.step}/${e.steps})`;
  return `progress: ${e.task}: ${e.percent}% ${what}${rows}${rate}, ${e.elapsedS} s${left}`;
}

/**
 * The rate of a phase's rows and the time it still needs: rows counted since it
 * started (`rows` less `rowsAtStart`) over `elapsedMs`, and the time left at the pace
 * of its finished share (`fraction`, 0–1) so far. Each is undefined when there is
 * nothing to measure it from: no row counted, no time passed, no share (or all of it)
 * done.
 */
export function phasePace(p: { rows: number | undefined; rowsAtStart: number; fraction: number; elapsedMs: number }): {
  rowsPerS?: number;
  leftS?: number;
} {
  const counted = (p.rows ?? 0) - p.rowsAtStart;
  const out: { rowsPerS?: number; leftS?: number } = {};
  if (p.elapsedMs <= 0) return out;
  if (counted > 0) out.rowsPerS = Math.round((counted * 1000) / p.elapsedMs);
  if (p.fraction > 0 && p.fraction < 1) out.leftS = Math.round(((p.elapsedMs / 1000) * (1 - p.fraction)) / p.fraction);
  return out;
}

/**
 * Plain-text lines (`progress: trade ingest: 12% read flows (phase 1/6), 2,345,678
 * rows, 356,012 rows/s, 8 s, about 25 s left in this phase`).
 */
export function textLines(stream: NodeJS.WritableStream = process.stderr): ProgressSink {
  return (e) => stream.write(`${formatProgress(e)}\n`);
}

/** A sink that prints nothing (library callers that did not ask for progress). */
export const silent: ProgressSink = () => undefined;

let defaultSink: ProgressSink = silent;

/** Where reporters created without a sink print: set once by a process entry point (server, CLI). */
export function setDefaultProgressSink(sink: ProgressSink): void {
  defaultSink = sink;
}

export interface ProgressOptions {
  sink?: ProgressSink;
  /** How often the running phase is repeated; at most 10 s. */
  intervalMs?: number;
}

export const PROGRESS_INTERVAL_MS = 10_000;

export class Progress {
  private readonly sink: ProgressSink;
  private readonly intervalMs: number;
  private readonly started = Date.now();
  private readonly total: number;
  private step = 0;
  private doneWeight = 0;
  private fraction = 0;
  private rowCount: number | undefined;
  /** When the running phase started, and the rows counted before it. */
  private phaseStarted = Date.now();
  private rowsAtPhaseStart = 0;
  private label: string | undefined;
  private lastLine = 0;
  private timer: NodeJS.Timeout | undefined;

  /** `phases`: name → weight, in the order they run. */
  constructor(
    readonly task: string,
    private readonly phases: ReadonlyArray<readonly [string, number]>,
    opts: ProgressOptions = {},
  ) {
    this.sink = opts.sink ?? defaultSink;
    this.intervalMs = Math.min(opts.intervalMs ?? PROGRESS_INTERVAL_MS, PROGRESS_INTERVAL_MS);
    this.total = phases.reduce((s, [, w]) => s + w, 0) || 1;
  }

  /**
   * Starts the next phase, or the named one (skipping those in between). A name the
   * list does not hold labels a step within the current phase: the percent stays.
   * `rows`: rows written so far, shown on the phase's line.
   */
  phase(name?: string, rows?: number): void {
    const next = name === undefined ? this.step : this.phases.findIndex(([n], k) => n === name && k >= this.step);
    if (next >= 0 && next < this.phases.length) {
      this.doneWeight = this.phases.slice(0, next).reduce((s, [, w]) => s + w, 0);
      this.step = next + 1;
      this.fraction = 0;
      this.label = undefined;
      this.phaseStarted = Date.now();
      this.rowsAtPhaseStart = rows ?? 0;
    } else {
      this.label = name;
    }
    this.rowCount = rows;
    this.emit('start');
    if (!this.timer) {
      // Checks often and prints a check early, so no gap exceeds `intervalMs`; any line resets the clock.
      const checkMs = Math.max(10, Math.min(500, Math.floor(this.intervalMs / 4)));
      this.timer = setInterval(() => {
        if (Date.now() - this.lastLine >= this.intervalMs - checkMs) this.emit('tick');
      }, checkMs);
      this.timer.unref();
    }
  }

  /**
   * Reports rows (and the finished share of the phase, 0–1, when known). Cheap enough
   * to call per row batch: it prints only when the last line is `intervalMs` old.
   */
  rows(count: number, fraction?: number): void {
    this.rowCount = count;
    if (fraction !== undefined) this.fraction = Math.max(0, Math.min(1, fraction));
    if (Date.now() - this.lastLine >= this.intervalMs) this.emit('tick');
  }

  /**
   * Relabels the running step within the current phase (`read … (file 2/10), 1.2 M
   * rows/s, about 40 s left`) with the rows so far and the phase's finished share,
   * printing only when the last line is `intervalMs` old.
   */
  update(label: string, rows: number, fraction: number): void {
    this.label = label;
    this.rows(rows, fraction);
  }

  /**
   * Relabels the running step within the current phase with the rows so far and the
   * phase's finished share, and prints its line at once (a step that ended).
   */
  report(label: string, rows: number, fraction: number): void {
    this.label = label;
    this.rowCount = rows;
    this.fraction = Math.max(0, Math.min(1, fraction));
    this.emit('tick');
  }

  /** Reports the finished share of the phase (0–1), printing only when the last line is `intervalMs` old. */
  share(fraction: number): void {
    this.fraction = Math.max(0, Math.min(1, fraction));
    if (Date.now() - this.lastLine >= this.intervalMs) this.emit('tick');
  }

  /** Ends the task: one last line at 100 %, and the timer stops. */
  done(rows?: number): void {
    this.stop();
    this.step = this.phases.length;
    this.doneWeight = this.total;
    this.fraction = 0;
    this.label = undefined;
    this.rowCount = rows;
    this.emit('done');
  }

  /** Stops the timer without a final line (a failed task). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private emit(kind: ProgressEvent['kind']): void {
    const now = Date.now();
    this.lastLine = now;
    const weight = this.phases[this.step - 1]?.[1] ?? 0;
    const percent = Math.min(
      100,
      Math.floor((100 * (this.doneWeight + (kind === 'done' ? 0 : weight * this.fraction))) / this.total),
    );
    this.sink({
      task: this.task,
      phase: this.label ?? this.phases[this.step - 1]?.[0] ?? '',
      step: this.step,
      steps: this.phases.length,
      percent,
      ...(this.rowCount === undefined ? {} : { rows: this.rowCount }),
      ...(kind === 'done'
        ? {}
        : phasePace({
            rows: this.rowCount,
            rowsAtStart: this.rowsAtPhaseStart,
            fraction: this.fraction,
            elapsedMs: now - this.phaseStarted,
          })),
      elapsedS: Math.round((now - this.started) / 1000),
      kind,
    });
  }
}
