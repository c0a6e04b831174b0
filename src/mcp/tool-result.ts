/** What a tool call answers (MCP's CallToolResult). */
export interface ToolResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  structuredContent: Record<string, unknown>;
  isError?: true;
}

/** The answer of the operation a tool call ran: its status, `retry-after` header and JSON body. */
export interface OperationAnswer {
  status: number;
  retryAfter?: string;
  body: string;
}

/** An error of the contract's registry, as its JSON body has it. */
export interface ErrorFields {
  error: string;
  message: string;
  detail?: unknown;
  request_id?: string;
}

type Row = Record<string, unknown>;
const isRow = (v: unknown): v is Row => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Each distinct source (`source_name`, `license_id`) the answer's rows name, in order of appearance. */
export function sourcesOf(data: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 3) return;
    if (Array.isArray(value)) return value.forEach((item) => visit(item, depth + 1));
    if (!isRow(value)) return;
    if (typeof value.source_name === 'string') {
      const license = typeof value.license_id === 'string' ? value.license_id : 'not recorded';
      found.add(`${value.source_name} (licence ${license})`);
    }
    for (const v of Object.values(value)) if (typeof v === 'object') visit(v, depth + 1);
  };
  visit(data, 0);
  return [...found];
}

/** Fields a summary names before it says how many there are. */
const FIELDS_NAMED = 10;

function fieldsOf(row: Row): string {
  const names = Object.keys(row);
  const shown = names.slice(0, FIELDS_NAMED).join(', ');
  return names.length > FIELDS_NAMED ? `${shown}, … (${names.length} fields)` : shown;
}

/** What the answer holds, in one line: rows and their fields, or the object's fields. */
function shapeOf(data: unknown): string {
  if (Array.isArray(data)) {
    const first: unknown = data[0];
    const fields = isRow(first) ? `, fields: ${fieldsOf(first)}` : '';
    return `${data.length} row${data.length === 1 ? '' : 's'}${fields}.`;
  }
  if (isRow(data)) return `An object with fields: ${fieldsOf(data)}.`;
  return `The value ${JSON.stringify(data)}.`;
}

/** The short text beside a success: its shape, the sources to cite, and how to get the next page. */
export function summaryOf(data: unknown, nextCursor: unknown): string {
  const sources = sourcesOf(data);
  const lines = [shapeOf(data)];
  if (sources.length > 0) lines.push(`Source: ${sources.join('; ')}. Cite it with these figures.`);
  if (typeof nextCursor === 'string') lines.push(`More rows: call again with cursor=${nextCursor}.`);
  return lines.join('\n');
}

/** A refusal as a tool error: the same `error` code and message, in the text and in the structured content. */
export function errorResult(fields: ErrorFields, retryAfter?: string): ToolResult {
  const structured: Record<string, unknown> = { error: fields.error, message: fields.message };
  if (fields.detail !== undefined) structured.detail = fields.detail;
  if (fields.request_id !== undefined) structured.request_id = fields.request_id;
  if (retryAfter !== undefined && /^\d+$/.test(retryAfter)) structured.retry_after_s = Number(retryAfter);
  return {
    content: [{ type: 'text', text: `${fields.error}: ${fields.message}` }],
    structuredContent: structured,
    isError: true,
  };
}

const INTERNAL: ErrorFields = {
  error: 'internal_error',
  message: 'Internal error; quote the request id when reporting it.',
};

/** The tool result of an operation's answer: `{data, next_cursor?}` on a 200, a tool error otherwise. */
export function toolResultOf(answer: OperationAnswer): ToolResult {
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return errorResult(INTERNAL);
  }
  if (!isRow(body)) return errorResult(INTERNAL);
  if (answer.status !== 200) {
    const known = typeof body.error === 'string' && typeof body.message === 'string';
    const fields = known ? (body as unknown as ErrorFields) : INTERNAL;
    const requestId = typeof body.request_id === 'string' ? body.request_id : undefined;
    return errorResult({ ...fields, request_id: requestId }, answer.retryAfter);
  }
  const structured: Record<string, unknown> = { data: body.data };
  if ('next_cursor' in body) structured.next_cursor = body.next_cursor;
  return { content: [{ type: 'text', text: summaryOf(body.data, body.next_cursor) }], structuredContent: structured };
}
