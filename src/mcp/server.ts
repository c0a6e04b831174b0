import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ToolResult } from './tool-result.js';
import type { OperationTool } from './tools.js';

const INSTRUCTIONS =
  'Economic indicators and bilateral goods trade. Each tool runs one operation of the HTTP API under /v1 with ' +
  'your key, and is rate-limited and charged as that operation. Cite the source_name and license_id the text of a ' +
  'result names; page with next_cursor where a result has one.';

/** Runs one tool with its arguments. */
export type RunTool = (tool: OperationTool, args: Record<string, unknown>) => Promise<ToolResult>;

/** An MCP server whose tools are the operations; one serves one HTTP request (the transport keeps no session). */
export function createMcpServer(tools: Map<string, OperationTool>, run: RunTool): Server {
  const server = new Server(
    { name: 'econtrade', title: 'Economic statistics and bilateral trade', version: '1.0.0' },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS },
  );
  const listed = [...tools.values()].map(({ name, title, description, inputSchema }) => ({
    name,
    title,
    description,
    inputSchema,
    annotations: { readOnlyHint: true, openWorldHint: false },
  }));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return run(tool, request.params.arguments ?? {});
  });
  return server;
}
