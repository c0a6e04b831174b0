import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ApiError, ERRORS } from '../errors.js';
import { callTool } from './call-tool.js';
import { createMcpServer } from './server.js';
import type { OperationTool } from './tools.js';

/** A JSON-RPC message or batch of them; tool arguments are small. */
const BODY_LIMIT = 1024 * 1024;

/**
 * The bodies `/mcp` reads: JSON, parsed here up to BODY_LIMIT (413 beyond). Text
 * that is not JSON is handed on as it is, so that the transport answers it with
 * JSON-RPC's parse error; any other media type is read and dropped, and the
 * transport answers 415.
 */
function parseBodies(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_r, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(null, body);
    }
  });
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_r, _body, done) => done(null));
}

/** 405 with `Allow: POST` for every other method, at the first hook (nothing else is looked at). */
function allowOnlyPost(scope: FastifyInstance): void {
  const refuse = async () => {
    throw new ApiError('method_not_allowed', 'Method not allowed; use POST.', { headers: { allow: 'POST' } });
  };
  scope.route({
    method: scope.supportedMethods.filter((m) => m !== 'POST'),
    url: '/mcp',
    schema: { hide: true },
    onRequest: refuse,
    handler: refuse,
  });
}

/** The canonical 500 body, when the transport failed before writing an answer. */
function answerInternalError(request: FastifyRequest, reply: FastifyReply): void {
  const body = { error: 'internal_error', message: ERRORS.internal_error.message, request_id: request.id };
  reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

/**
 * POST `/mcp`: the key is checked first (401 with the contract's body), then one
 * stateless MCP server and Streamable HTTP transport answer the request with JSON
 * (no session, no stream), so any replica answers any request.
 */
export function registerMcpRoute(
  scope: FastifyInstance,
  opts: { app: FastifyInstance; tools: Map<string, OperationTool> },
) {
  parseBodies(scope);
  allowOnlyPost(scope);
  scope.post('/mcp', { schema: { hide: true }, config: { access: 'identify' } }, async (request, reply) => {
    // Past this point the transport writes the answer: headers set on the reply would not be sent.
    reply.hijack();
    reply.raw.setHeader('x-request-id', request.id);
    const server = createMcpServer(opts.tools, (tool, args) =>
      callTool(opts.app, { tool, args, headers: request.headers }),
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (err) {
      request.log.error({ err }, 'MCP request failed');
      if (!reply.raw.headersSent) answerInternalError(request, reply);
    }
  });
}
