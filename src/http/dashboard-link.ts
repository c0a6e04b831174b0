import type { FastifyInstance } from 'fastify';
import { DASHBOARD_PATH } from '../errors.js';

export { DASHBOARD_PATH };

/**
 * Whether this server runs the dashboard (DASHBOARD=on, the default, and the app given
 * its options): its route exists. Every route is known once the server is ready, so this
 * is asked while serving requests, never while routes are being registered.
 */
export function servesDashboard(app: FastifyInstance): boolean {
  return app.hasRoute({ method: 'GET', url: DASHBOARD_PATH });
}
