import type { FastifyInstance } from 'fastify';
import { ROUTES } from '../operations/index.js';
import { registerMcpRoute } from './route.js';
import { toolsOf } from './tools.js';

/**
 * `/mcp`, the Model Context Protocol surface beside `/v1`: its tools are the
 * operations of the route table, each call run as a GET of its operation. An
 * encapsulated plugin, so its JSON body parser serves its own route only.
 */
export async function registerMcp(app: FastifyInstance): Promise<void> {
  const tools = toolsOf(ROUTES);
  await app.register(async (scope) => registerMcpRoute(scope, { app, tools }));
}
