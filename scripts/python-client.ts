// The operations of the Python client (clients/python/econtrade/_operations.py),
// generated from the service's OpenAPI document: one method per operation, named
// after its operationId in snake_case, its parameters keyword arguments documented
// with the document's descriptions. `test/python-client-drift.test.ts` fails when the
// committed file differs from what the served document gives (UPDATE_PYTHON_CLIENT=1
// writes it). A pure function of the document: no I/O here.

import { snakeCase } from '../src/text.js';

/** The parts of an OpenAPI 3 document the generator reads. */
export interface OpenApiDocument {
  /** Each path's operations by method (other members, such as `parameters`, are skipped). */
  paths: Record<string, Record<string, unknown>>;
}

interface Schema {
  type?: string;
  /** A comma-separated list: the method also takes a list of strings. */
  'x-list'?: object;
  enum?: unknown[];
  default?: unknown;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  example?: unknown;
  schema?: Schema;
}

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Array<Parameter | { $ref: string }>;
  responses?: Record<string, { content?: Record<string, unknown> } | { $ref: string }>;
}

/** Python's keywords and the names the methods use themselves: a parameter so named gets a `_` suffix. */
const RESERVED = new Set(
  (
    'False None True and as assert async await break class continue def del elif else except finally for from ' +
    'global if import in is lambda nonlocal not or pass raise return try while with yield self frame path'
  ).split(' '),
);

const WIDTH = 88;

/** The Python name of a parameter. */
function argName(name: string): string {
  const safe = name.replace(/\W/g, '_');
  return RESERVED.has(safe) ? `${safe}_` : safe;
}

/** A Python literal of a JSON value (strings, numbers, booleans). */
function literal(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return String(value);
  return JSON.stringify(String(value));
}

/** The Python annotation of a parameter's schema. */
function annotation(schema: Schema | undefined): string {
  if (schema?.enum && schema.enum.length > 0) return `Literal[${schema.enum.map(literal).join(', ')}]`;
  if (schema?.['x-list'] !== undefined) return 'Union[str, Sequence[str]]';
  switch (schema?.type) {
    case 'integer':
      return 'int';
    case 'number':
      return 'float';
    case 'boolean':
      return 'bool';
    default:
      return 'str';
  }
}

/** Text safe inside a triple-quoted docstring. */
function docText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"').replace(/\s+/g, ' ').trim();
}

/** `text` wrapped to WIDTH, each line indented by `indent`, later lines by `hang` more. */
function wrap(text: string, indent: string, hang = ''): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const prefix = lines.length === 0 ? indent : indent + hang;
    if (line && prefix.length + line.length + 1 + word.length > WIDTH) {
      lines.push(prefix + line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push((lines.length === 0 ? indent : indent + hang) + line);
  return lines;
}

interface Method {
  name: string;
  path: string;
  summary: string;
  description: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** An answer of bytes (Parquet, CSV) rather than JSON: written to a file. */
  file: boolean;
  paged: boolean;
}

function isOperation(value: unknown): value is Operation {
  return typeof value === 'object' && value !== null && 'responses' in value;
}

/** The operations of the document, in its order. */
function methods(document: OpenApiDocument): Method[] {
  const out: Method[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const op = item.get;
    if (!isOperation(op) || !op.operationId) continue;
    const ok = op.responses?.['200'];
    const content = ok && 'content' in ok ? Object.keys(ok.content ?? {}) : [];
    const file = !content.includes('application/json');
    // Header parameters (If-None-Match, by $ref) are the transport's; `format` of a JSON
    // operation is left to `Client.csv`, since the methods answer JSON.
    const params = (op.parameters ?? []).filter(
      (p): p is Parameter => 'name' in p && (p.in === 'path' || p.in === 'query') && (file || p.name !== 'format'),
    );
    out.push({
      name: snakeCase(op.operationId),
      path,
      summary: op.summary ?? '',
      description: op.description ?? '',
      pathParams: params.filter((p) => p.in === 'path'),
      queryParams: params.filter((p) => p.in === 'query'),
      file,
      paged: params.some((p) => p.name === 'cursor'),
    });
  }
  return out;
}

/** A JSON value as docstring text. */
function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function paramDoc(p: Parameter): string[] {
  let text = p.description ?? '';
  if (p.schema?.default !== undefined) text += ` (default ${shown(p.schema.default)})`;
  if (p.example !== undefined) text += ` (e.g. ${shown(p.example)})`;
  return wrap(docText(`${argName(p.name)}: ${text}`), '            ', '    ');
}

/** One generated method: an operation called one way (an answer, its pages, its rows, a file). */
interface Def {
  name: string;
  op: Method;
  /** The query parameters it takes. */
  query: Parameter[];
  /** Arguments before the path parameters, with their docs. */
  lead: Array<{ arg: string; value: string; doc: string }>;
  /** Keyword arguments after the query parameters, with their docs. */
  trailing: Array<{ arg: string; doc: string }>;
  returns: { annotation: string; doc: string };
  /** The transport's method that does the call, and what to do with its result. */
  call: string;
  result: (value: string) => string;
}

function docstring(d: Def): string[] {
  const m = d.op;
  const summary = docText(m.summary || m.name);
  const lines = ['        """' + (/[.!?]$/.test(summary) ? summary : `${summary}.`), ''];
  lines.push(...wrap(docText(`\`GET ${m.path}\`. ${m.description}`), '        '));
  lines.push('', '        Args:');
  for (const l of d.lead) lines.push(...wrap(l.doc, '            ', '    '));
  for (const p of [...m.pathParams, ...d.query]) lines.push(...paramDoc(p));
  for (const t of d.trailing) lines.push(...wrap(t.doc, '            ', '    '));
  if (lines[lines.length - 1] === '        Args:') lines.splice(-2, 2);
  lines.push('', '        Returns:', ...wrap(d.returns.doc, '            '), '        """');
  return lines;
}

/** `def name(self, lead..., path params, *, query params..., trailing...) -> returns:`. */
function signature(d: Def): string[] {
  const args = ['self', ...d.lead.map((l) => l.arg), ...d.op.pathParams.map((p) => `${argName(p.name)}: str`)];
  const keywords = d.query.map((p) => {
    const type = annotation(p.schema);
    return p.required ? `${argName(p.name)}: ${type}` : `${argName(p.name)}: Optional[${type}] = None`;
  });
  keywords.push(...d.trailing.map((t) => t.arg));
  if (keywords.length > 0) args.push('*', ...keywords);
  return [`    def ${d.name}(`, ...args.map((a) => `        ${a},`), `    ) -> ${d.returns.annotation}:`];
}

/** The result of a call as it comes. */
const same = (value: string) => value;

function body(d: Def): string[] {
  const m = d.op;
  const query = d.query.map((p) => `                ${JSON.stringify(p.name)}: ${argName(p.name)},`);
  const pathParams = m.pathParams.map((p) => `${JSON.stringify(p.name)}: ${argName(p.name)}`).join(', ');
  // A result used as it is returned at once; another is named first.
  const direct = d.result === same;
  return [
    direct ? `        return ${d.call}(` : `        answer = ${d.call}(`,
    ...d.lead.map((l) => `            ${l.value},`),
    `            ${JSON.stringify(m.path)},`,
    ...(query.length > 0 ? ['            {', ...query, '            },'] : ['            {},']),
    `            {${pathParams}},`,
    '        )',
    ...(direct ? [] : [`        return ${d.result('answer')}`]),
  ];
}

function defText(d: Def): string[] {
  return ['', ...signature(d), ...docstring(d), ...body(d)];
}

const FRAME = {
  arg: 'frame: bool = False',
  doc: 'frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers as floats).',
};
const FILE = {
  arg: 'file: Union[str, "os.PathLike[str]"]',
  value: 'file',
  doc: 'file: the path the answer is written to, as it arrives (whole or not at all).',
};

/** The methods of one operation: one call, and for a paged one its pages and rows. */
function methodsOf(m: Method): Def[] {
  const base = { op: m, query: m.queryParams, lead: [], trailing: [], result: same };
  if (m.file) {
    const returns = { annotation: 'int', doc: 'The number of bytes written.' };
    return [{ ...base, name: m.name, lead: [FILE], returns, call: 'self.download' }];
  }
  const one: Def = {
    ...base,
    name: m.name,
    trailing: [FRAME],
    returns: { annotation: 'Any', doc: 'The JSON answer (a dict), or its DataFrame with ``frame=True``.' },
    call: 'self.get',
    result: (value) => `frame_or_body(${value}, frame)`,
  };
  if (!m.paged) return [one];
  const query = m.queryParams.filter((p) => p.name !== 'cursor');
  const iterator = 'Iterator[Dict[str, Any]]';
  const pagesDoc = `Every page (each answer as \`\`${m.name}\`\` gives it), following \`\`next_cursor\`\`.`;
  const rowsDoc = 'Every row of every page; ``to_pandas()`` makes them a DataFrame.';
  return [
    one,
    { ...base, name: `${m.name}_pages`, query, returns: { annotation: iterator, doc: pagesDoc }, call: 'self.pages' },
    { ...base, name: `${m.name}_rows`, query, returns: { annotation: iterator, doc: rowsDoc }, call: 'self.rows' },
  ];
}

/** The text of `clients/python/econtrade/_operations.py` for this document. */
export function pythonOperations(document: OpenApiDocument): string {
  const all = methods(document);
  const defs = all.flatMap((m) => methodsOf(m).flatMap(defText));
  const table = all.map((m) => `    ${JSON.stringify(m.name)}: ${JSON.stringify(m.path)},`);
  return [
    '"""Every operation of the API as a method, generated from the service\'s OpenAPI',
    'document (`/v1/openapi.json`) by `scripts/python-client.ts`; a test fails when they',
    'differ. Do not edit: run `UPDATE_PYTHON_CLIENT=1 node --import tsx --test',
    'test/python-client-drift.test.ts`."""',
    '',
    '# ruff: noqa: E501',
    'import os',
    'from typing import Any, Dict, Iterator, Literal, Optional, Sequence, Union',
    '',
    'from ._frames import frame_or_body',
    'from ._transport import Transport',
    '',
    'OPERATIONS: Dict[str, str] = {',
    ...table,
    '}',
    '"""The method of each operation, and its path."""',
    '',
    '',
    'class Operations(Transport):',
    '    """One method per operation of the API."""',
    ...defs,
    '',
  ].join('\n');
}
