/**
 * The worker module `name` beside the module at `from` (its `import.meta.url`): `.ts`
 * where the sources run as they are, `.js` once built. The file a thread pool starts.
 */
export function moduleBeside(from: string, name: string): string {
  return new URL(`./${name}${from.endsWith('.ts') ? '.ts' : '.js'}`, from).href;
}
