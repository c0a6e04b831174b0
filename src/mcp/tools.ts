import type { DownloadOperation, Operation } from '../operations/operation.js';
import { inputSchemaOf, type InputSchema } from './input-schema.js';
import { toolNameOf } from './tool-names.js';

/** A tool that runs one API operation. */
export interface OperationTool {
  name: string;
  title: string;
  description: string;
  inputSchema: InputSchema;
  /** The operation's URL, with its `:name` path parameters. */
  url: string;
  /** Its path parameters, the others being query parameters. */
  pathParams: string[];
}

function toolOf(operation: Operation): OperationTool {
  const credits = operation.cost === 1 ? '1 credit' : `${operation.cost} credits`;
  return {
    name: toolNameOf(operation.operationId),
    title: operation.summary,
    description:
      `${operation.summary}. ${operation.returns} ` +
      `Runs GET ${operation.url} with the caller's key: ${credits} per answer, under the key's rate limit.`,
    inputSchema: inputSchemaOf(operation),
    url: operation.url,
    pathParams: Object.keys(operation.params?.properties ?? {}),
  };
}

/** One tool per JSON operation of the route table (a file download is no tool); names are unique. */
export function toolsOf(routes: Record<string, Operation | DownloadOperation>): Map<string, OperationTool> {
  const tools = new Map<string, OperationTool>();
  for (const operation of Object.values(routes)) {
    if ('download' in operation) continue;
    const tool = toolOf(operation);
    if (tools.has(tool.name)) throw new Error(`two operations make the tool ${tool.name}`);
    tools.set(tool.name, tool);
  }
  return tools;
}
