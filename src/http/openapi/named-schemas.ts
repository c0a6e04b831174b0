import { isDeepStrictEqual } from 'node:util';
import type { Document, Json, Schema } from './types.js';

/**
 * Names the resources of the document. A schema's `title` is its name (the one the
 * specification gives the resource: Country, GroupedPoint...): every titled schema
 * moves to `components.schemas` under its title and is referred to by `$ref`
 * wherever it occurs. The routes keep their inline schemas, so validation and
 * serialisation are untouched; only the document changes.
 */

/** Keywords whose values are data, not schemas: an example row with a `title` field is not a resource. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'enum', 'const', 'default']);

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const isTitledSchema = (v: unknown): v is Schema & { title: string } =>
  isObject(v) && typeof v.title === 'string' && ('type' in v || 'properties' in v || 'anyOf' in v);

class Namer {
  constructor(private readonly schemas: Record<string, Schema>) {}

  /** A copy of `node` with every titled schema inside it (not `node` itself) replaced by a reference. */
  inner<T>(node: T): T {
    if (Array.isArray(node)) return node.map((v: unknown) => this.outer(v)) as T;
    if (!isObject(node)) return node;
    const copy: Json = {};
    for (const [key, value] of Object.entries(node)) copy[key] = DATA_KEYWORDS.has(key) ? value : this.outer(value);
    return copy as T;
  }

  /** `node`, or a reference to it once it is named. */
  outer(node: unknown): unknown {
    if (!isTitledSchema(node)) return this.inner(node);
    this.define(node.title, this.inner(node));
    return { $ref: `#/components/schemas/${node.title}` };
  }

  define(name: string, schema: Schema): void {
    const known = this.schemas[name];
    if (known && !isDeepStrictEqual(known, schema))
      throw new Error(`two different schemas are titled ${name}: give one another title`);
    this.schemas[name] = schema;
  }
}

/** The document with its titled schemas named in `components.schemas`. */
export function nameSchemas(doc: Document): Document {
  const schemas: Record<string, Schema> = {};
  const namer = new Namer(schemas);
  // Schemas already named (by `$id`) keep their name; their parts are named too.
  for (const [name, schema] of Object.entries(doc.components.schemas ?? {})) namer.define(name, namer.inner(schema));
  const paths = namer.inner(doc.paths);
  const components = namer.inner({ ...doc.components, schemas: undefined });
  return { ...doc, paths, components: { ...components, schemas: sortedByName(schemas) } };
}

const sortedByName = (schemas: Record<string, Schema>) =>
  Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
