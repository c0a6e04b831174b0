import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { openApiDocument } from '../scripts/openapi.js';

/**
 * Every field of every schema in the OpenAPI document says what it is: its unit or
 * its meaning (contract §8, "What a person meets"). Walked: the component schemas, and
 * every schema inline in an operation's parameters and answers, through nested objects,
 * array items and combinations.
 */

let doc: any;

interface Walk {
  /** Every property seen, by its place in the document. */
  seen: Set<string>;
  /** The properties among them without a description. */
  undescribed: Set<string>;
  /** The schema objects walked already: one shared by several places, or containing itself, is walked once. */
  walked: Set<any>;
}

/** Walks one schema, recording each property (with or without a description) under `at`. */
function walkSchema(schema: any, at: string, walk: Walk): void {
  if (!schema || typeof schema !== 'object' || schema.$ref || walk.walked.has(schema)) return;
  walk.walked.add(schema);
  for (const [name, property] of Object.entries<any>(schema.properties ?? {})) {
    const where = `${at}.${name}`;
    walk.seen.add(where);
    // A property that is a reference is described by its own text beside the $ref, or
    // by the component it names.
    if (!describes(property)) walk.undescribed.add(where);
    walkSchema(property, where, walk);
  }
  if (schema.items) walkSchema(schema.items, `${at}[]`, walk);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    walkSchema(schema.additionalProperties, `${at}{}`, walk);
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    (schema[key] ?? []).forEach((s: any, i: number) => walkSchema(s, `${at}<${key}${i}>`, walk));
}

/**
 * A property's own description, or that of the component it references. A description
 * inside one branch of a nullable type does not count: readers show the property's own.
 */
function describes(property: any): boolean {
  if (typeof property?.description === 'string' && property.description.trim() !== '') return true;
  return property?.$ref ? describes(resolve(property.$ref)) : false;
}

function resolve(ref: string): any {
  return ref
    .slice(2)
    .split('/')
    .reduce((at: any, part) => at?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}

/** Every schema of the document, by where it is. */
function walkDocument(): Walk {
  const walk: Walk = { seen: new Set(), undescribed: new Set(), walked: new Set() };
  for (const [name, schema] of Object.entries<any>(doc.components?.schemas ?? {}))
    walkSchema(schema, `#/components/schemas/${name}`, walk);
  for (const [name, response] of Object.entries<any>(doc.components?.responses ?? {}))
    for (const [type, media] of Object.entries<any>(response.content ?? {}))
      walkSchema(media.schema, `#/components/responses/${name} ${type}`, walk);
  for (const [name, parameter] of Object.entries<any>(doc.components?.parameters ?? {}))
    walkSchema(parameter.schema, `#/components/parameters/${name}`, walk);
  for (const [p, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<any>(item)) {
      const where = `${method.toUpperCase()} ${p}`;
      for (const parameter of op.parameters ?? []) {
        const param = parameter.$ref ? resolve(parameter.$ref) : parameter;
        walkSchema(param.schema, `${where} parameter ${param.name}`, walk);
      }
      for (const [status, ref] of Object.entries<any>(op.responses ?? {})) {
        const response = ref.$ref ? resolve(ref.$ref) : ref;
        for (const [type, media] of Object.entries<any>(response.content ?? {}))
          walkSchema(media.schema, `${where} ${status} ${type}`, walk);
      }
    }
  }
  return walk;
}

describe('OpenAPI descriptions', () => {
  before(async () => {
    doc = await openApiDocument();
  });

  it('describe every property of every schema, components and inline, answers and parameters', () => {
    const walk = walkDocument();
    assert.ok(walk.seen.size > 100, `only ${walk.seen.size} properties found: the walk misses schemas`);
    assert.deepEqual([...walk.undescribed].sort(), [], `${walk.undescribed.size} of ${walk.seen.size} undescribed`);
  });

  it('give the units and ranges the contract fixes', () => {
    const props = (name: string) => doc.components.schemas[name].properties;
    const summary = props('TradeSummary');
    assert.match(summary.growth.description, /percent/i);
    assert.match(summary.partner_concentration.description, /Herfindahl/);
    assert.match(summary.unit_value.description, /USD/);
    assert.match(props('TradeObservation').value_usd.description, /USD|US dollars/);
    assert.match(props('TradeObservation').quantity.description, /quantity_unit/);
    assert.match(props('TopPartner').share.description, /trade_value/);
    assert.match(props('ErrorBody').request_id.description, /x-request-id/);
  });
});
