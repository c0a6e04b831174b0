import type { ServerHttp2Session } from 'node:http2';
import type { Socket } from 'node:net';
import { Server as TlsServer, type TLSSocket } from 'node:tls';
import type { FastifyInstance } from 'fastify';

/**
 * Closing without losing an answer. Destroying "idle" keep-alive connections at
 * close (Fastify's default) also cut answers whose last bytes were still being
 * written: a client saw its connection reset after the server had logged a 200.
 * Here a connection is ended, not destroyed: an idle one at once (its pending
 * bytes are flushed first, then FIN), a busy one right after its answer. The
 * server must be created with `forceCloseConnections: false`.
 *
 * Over TLS the connections counted are the TLS sockets that speak HTTP/1.1 (those its
 * requests name); an HTTP/2 session is closed at close with GOAWAY, which refuses new
 * streams and ends the session once the streams in flight have their answers.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  /** Open connections, with the number of requests each is answering. */
  const connections = new Map<Socket, number>();
  let closing = false;
  const track = (socket: Socket) => {
    connections.set(socket, 0);
    socket.once('close', () => connections.delete(socket));
  };
  const sessions = new Set<ServerHttp2Session>();
  if (app.server instanceof TlsServer) {
    app.server.on('secureConnection', (socket: TLSSocket) => {
      if (socket.alpnProtocol !== 'h2') track(socket);
    });
    app.server.on('session', (session: ServerHttp2Session) => {
      sessions.add(session);
      session.once('close', () => sessions.delete(session));
    });
  } else app.server.on('connection', track);
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
    for (const session of sessions) session.close();
    done();
  });
}
