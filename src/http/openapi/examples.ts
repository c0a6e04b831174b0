import type { Schema } from './types.js';

/**
 * An example value of `schema`: its own example where it has one, else one built
 * from the examples of its parts (an object from its properties', an array of one
 * item, a nullable value from its non-null branch). A part with no example at all is
 * an error, so every value of every answer in the document has a declared example.
 */
export function exampleOf(schema: Schema, where = '#'): unknown {
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0] as unknown;
  if ('example' in schema) return schema.example;
  const branches = schema.anyOf as Schema[] | undefined;
  if (branches) {
    const value = branches.find((b) => b.type !== 'null');
    if (value) return exampleOf(value, `${where}/anyOf`);
  }
  if (schema.type === 'array') return [exampleOf(schema.items as Schema, `${where}/items`)];
  if (schema.type === 'object') {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    return Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [name, exampleOf(property, `${where}/${name}`)]),
    );
  }
  throw new Error(`the OpenAPI document has no example for ${where}: give its schema \`examples\``);
}
