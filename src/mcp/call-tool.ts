import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';
import { operationUrl } from './operation-url.js';
import { errorResult, toolResultOf, type ToolResult } from './tool-result.js';
import type { OperationTool } from './tools.js';

/** The caller's headers a tool call's GET carries: its key and the gateway's secret. */
const FORWARDED = ['authorization', 'x-gateway-secret'] as const;

/**
 * Runs a tool call as a GET of its operation inside the server, with the caller's
 * key and gateway secret: the gateway, key, rate limit, credits, answer cache and
 * usage record apply to it as to the same request sent over HTTP.
 */
export async function callTool(
  app: FastifyInstance,
  call: { tool: OperationTool; args: Record<string, unknown>; headers: IncomingHttpHeaders },
): Promise<ToolResult> {
  let url: string;
  try {
    url = operationUrl(call.tool, call.args);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return errorResult({ error: err.code, message: err.message, ...(err.detail ? { detail: err.detail } : {}) });
  }
  const headers: Record<string, string> = {};
  for (const name of FORWARDED) {
    const value = call.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const response = await app.inject({ method: 'GET', url, headers });
  const retryAfter = response.headers['retry-after'];
  return toolResultOf({
    status: response.statusCode,
    body: response.body,
    ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
  });
}
