// The operations of the Python client (clients/python/econtrade/_operations.py),
// generated from the service's OpenAPI document: one method per operation, named
// after its operationId in snake_case, its parameters keyword arguments documented
// with the document's descriptions. `test/python-client-drift.test.ts` fails when the
// committed file differs from what the served document gives (UPDATE_PYTHON_CLIENT=1
// writes it). A pure function of the document: no I/O here.

/** The parts of an OpenAPI 3 document the generator reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation | unknown>>;
}

interface Schema {
  type?: string;
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

/** `getCountryPartners` → `get_country_partners`. */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

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

function paramDoc(p: Parameter): string[] {
  let text = p.description ?? '';
  if (p.schema?.default !== undefined) text += ` (default ${String(p.schema.default)})`;
  if (p.example !== undefined) text += ` (e.g. ${String(p.example)})`;
  return wrap(docText(`${argName(p.name)}: ${text}`), '            ', '    ');
}

function docstring(m: Method, params: Parameter[], extra: string[], returns: string): string[] {
  const lines = ['        """' + docText(m.summary || m.name)];
  if (m.description) lines.push('', ...wrap(docText(`\`GET ${m.path}\`. ${m.description}`), '        '));
  else lines.push('', ...wrap(`\`GET ${m.path}\`.`, '        '));
  if (params.length > 0 || extra.length > 0) {
    lines.push('', '        Args:');
    for (const p of params) lines.push(...paramDoc(p));
    for (const e of extra) lines.push(...wrap(e, '            ', '    '));
  }
  lines.push('', '        Returns:', ...wrap(returns, '            '), '        """');
  return lines;
}

/** `def name(self, lead..., path params, *, query params..., trailing...)`, without its return annotation. */
function signature(name: string, lead: string[], m: Method, queryParams: Parameter[], trailing: string[]): string[] {
  const args = ['self', ...lead, ...m.pathParams.map((p) => `${argName(p.name)}: str`)];
  const keywords = queryParams.map((p) => {
    const type = annotation(p.schema);
    return p.required ? `${argName(p.name)}: ${type}` : `${argName(p.name)}: Optional[${type}] = None`;
  });
  keywords.push(...trailing);
  if (keywords.length > 0) args.push('*', ...keywords);
  return [`    def ${name}(`, ...args.map((a) => `        ${a},`)];
}

function call(fn: string, m: Method, queryParams: Parameter[], lead: string[]): string[] {
  const query = queryParams.map((p) => `                ${JSON.stringify(p.name)}: ${argName(p.name)},`);
  const pathParams = m.pathParams.map((p) => `${JSON.stringify(p.name)}: ${argName(p.name)}`).join(', ');
  return [
    `        return ${fn}(`,
    ...lead.map((l) => `            ${l},`),
    `            ${JSON.stringify(m.path)},`,
    ...(query.length > 0 ? ['            {', ...query, '            },'] : ['            {},']),
    `            {${pathParams}},`,
    '        )',
  ];
}

const FRAME_DOC = 'frame: a pandas DataFrame of the rows instead (dates as datetimes, numbers as floats).';

function methodText(m: Method): string[] {
  const all = [...m.pathParams, ...m.queryParams];
  if (m.file) {
    return [
      ...signature(m.name, ['file: Union[str, "os.PathLike[str]"]'], m, m.queryParams, []),
      '    ) -> int:',
      ...docstring(
        m,
        all,
        ['file: the path the answer is written to, as it arrives (whole or not at all).'],
        'The number of bytes written.',
      ),
      ...call('self.download', m, m.queryParams, ['file']),
    ];
  }
  const out = [
    ...signature(m.name, [], m, m.queryParams, ['frame: bool = False']),
    '    ) -> Any:',
    ...docstring(m, all, [FRAME_DOC], 'The JSON answer (a dict), or its DataFrame with ``frame=True``.'),
    ...call('self.get', m, m.queryParams, []).map((l) => l.replace('return self.get(', 'body = self.get(')),
    '        return frame_or_body(body, frame)',
  ];
  if (!m.paged) return out;
  const pageParams = m.queryParams.filter((p) => p.name !== 'cursor');
  const pageArgs = [...m.pathParams, ...pageParams];
  for (const [suffix, fn, returns] of [
    ['pages', 'self.pages', 'Every page (each answer as ``' + m.name + '`` gives it), following ``next_cursor``.'],
    ['rows', 'self.rows', 'Every row of every page; ``to_pandas()`` makes them a DataFrame.'],
  ] as const) {
    out.push(
      '',
      ...signature(`${m.name}_${suffix}`, [], m, pageParams, []),
      '    ) -> Iterator[Dict[str, Any]]:',
      ...docstring(m, pageArgs, [], returns),
      ...call(fn, m, pageParams, []),
    );
  }
  return out;
}

/** The text of `clients/python/econtrade/_operations.py` for this document. */
export function pythonOperations(document: OpenApiDocument): string {
  const all = methods(document);
  const body = all.flatMap((m) => ['', ...methodText(m)]);
  const table = all.map((m) => `    ${JSON.stringify(m.name)}: ${JSON.stringify(m.path)},`);
  return [
    '"""Every operation of the API as a method, generated from the service\'s OpenAPI',
    'document (`/v1/openapi.json`) by `scripts/python-client.ts`; a test fails when they',
    'differ. Do not edit: run `UPDATE_PYTHON_CLIENT=1 node --import tsx --test',
    'test/python-client-drift.test.ts`."""',
    '',
    '# ruff: noqa: E501',
    'import os',
    'from typing import Any, Dict, Iterator, Literal, Optional, Union',
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
    ...body,
    '',
  ].join('\n');
}
