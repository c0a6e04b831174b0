/** What the watch reads of a response being streamed (Node's `ServerResponse` has it). */
export interface StreamedResponse {
  /** True while the response's buffer is full: the client has not taken what was sent. */
  readonly writableNeedDrain: boolean;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  on(event: 'drain', listener: () => void): unknown;
  off(event: 'drain', listener: () => void): unknown;
}

/**
 * Calls `cut` once a client has read nothing for `idleMs`: the response's buffer has
 * stayed full (no `drain`) all that time. A client that reads, however slowly, is
 * never cut; nor is one that waits while the server has nothing to send. Returns
 * the function that stops the watch (also stopped when the response closes).
 */
export function watchStalledReader(res: StreamedResponse, idleMs: number, cut: () => void): () => void {
  let since = Date.now();
  const drained = () => {
    since = Date.now();
  };
  res.on('drain', drained);
  const timer = setInterval(
    () => {
      if (!res.writableNeedDrain) since = Date.now();
      else if (Date.now() - since >= idleMs) {
        stop();
        cut();
      }
    },
    Math.max(10, Math.min(1_000, idleMs / 4)),
  );
  timer.unref();
  const stop = () => {
    clearInterval(timer);
    res.off('drain', drained);
  };
  res.once('close', stop);
  return stop;
}
