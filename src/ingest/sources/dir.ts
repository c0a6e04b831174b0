import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The project's shipped catalogue, `sources/` at the repository root, from the sources and from the built `dist/`. */
const SHIPPED = new URL('../../../sources/', import.meta.url);
const SHIPPED_FROM_DIST = new URL('../../../../sources/', import.meta.url);

/** The shipped source catalogue's folder. */
export function shippedSourcesDir(): string {
  return fileURLToPath(existsSync(SHIPPED) ? SHIPPED : SHIPPED_FROM_DIST);
}

/** The folder of the source catalogue in use: `SOURCES_DIR` when set, the shipped one otherwise. */
export function sourcesDir(settings: { sourcesDir: string | undefined }): string {
  return settings.sourcesDir ?? shippedSourcesDir();
}
