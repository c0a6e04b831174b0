import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Closing without losing an answer. Destroying "idle" keep-alive connections at
 * close (Fastify's default) also cut answers whose last bytes were still being
 * written: a client saw its connection reset after the server had logged a 200.
 * Here a connection is ended, not destroyed: an idle one at once (its pending
 * bytes are flushed first, then FIN), a busy one right after its answer. The
 * server must be created with `forceCloseConnections: false`.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  /** Open connections, with the number of requests each is answering. */
  const connections = new Map<Socket, number>();
  let closing = false;
  app.server.on('connection', (socket: Socket) => {
    connections.set(socket, 0);
    socket.once('close', () => connections.delete(socket));
  });
  // Requests injected in-process have no connection of the server: they are not counted.
  app.addHook('onRequest', (request, _reply, done) => {
    const busy = connections.get(request.raw.socket);
    if (busy !== undefined) connections.set(request.raw.socket, busy + 1);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const socket = request.raw.socket;
    const busy = connections.get(socket);
    if (busy !== undefined) {
      connections.set(socket, busy - 1);
      if (closing && busy === 1) socket.end();
    }
    done();
  });
  app.addHook('preClose', (done) => {
    closing = true;
    for (const [socket, busy] of connections) if (busy === 0) socket.end();
    done();
  });
}
