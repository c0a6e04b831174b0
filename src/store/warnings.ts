/**
 * Where the store reports a failure it recovers from (a clean-up that the next
 * publish retries): standard error by default; the server sends them to its log.
 */
let sink: (message: string) => void = (message) => console.error(message);

export function setWarningSink(fn: (message: string) => void): void {
  sink = fn;
}

export function warn(message: string): void {
  sink(message);
}
