/** What the command-line tools share: one-line errors and an exit that waits for output. */

/** The first line of an error's message; a connection refused on every address has none of its own. */
export function messageOf(err: unknown): string {
  const e = err as { message?: string; code?: string; errors?: unknown[] } | undefined;
  const text = e?.message || (e?.errors?.length ? messageOf(e.errors[0]) : '') || e?.code || String(err);
  return text.split('\n')[0]!;
}

/** Exits once stdout and stderr have taken everything written (pipes may be asynchronous). */
export function exitAfterOutput(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

/** Runs a tool's `main` and exits with its code; an unexpected failure is one line naming the tool. */
export function runTool(tool: string, main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(exitAfterOutput, (err) => {
    console.error(`${tool}: ${messageOf(err)}`);
    exitAfterOutput(1);
  });
}
