import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { MIN_COMPRESSED_BYTES, negotiateEncoding, type Encoding } from './compression.js';
import { allowOnlyGet } from './routes.js';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A fixed file served outside `/v1` (a page, a script, a stylesheet, an image). */
export interface StaticFile {
  url: string;
  /** The `Content-Type` it is sent with. */
  type: string;
  /** Its bytes; read on the first request, then kept. */
  read(): Promise<Buffer>;
  /** More headers of its answer (a Content-Security-Policy, a Cache-Control). */
  headers?: Record<string, string>;
}

function compress(body: Buffer, encoding: 'gzip' | 'br'): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: 6 });
  return brotliAsync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/**
 * A file's bytes in each encoding, each made once, when first asked for: the
 * reference's script is 1.7 MB, about 0.5 MB compressed, and must not be compressed
 * per request. A failed read is forgotten, so the next request tries again.
 */
class KeptFile {
  private readonly bodies = new Map<Encoding, Promise<Buffer>>();

  constructor(private readonly file: StaticFile) {}

  body(encoding: Encoding): Promise<Buffer> {
    let body = this.bodies.get(encoding);
    if (!body) {
      body = encoding === 'identity' ? this.file.read() : this.body('identity').then((b) => compress(b, encoding));
      this.bodies.set(encoding, body);
      body.catch(() => this.bodies.delete(encoding));
    }
    return body;
  }
}

/**
 * Serves each file at its URL: GET and HEAD only (405 otherwise), public but behind
 * the gateway like the OpenAPI document, and left out of that document.
 */
export function serveStaticFiles(app: FastifyInstance, files: StaticFile[]): void {
  for (const file of files) {
    const kept = new KeptFile(file);
    app.get(file.url, { schema: { hide: true }, config: { access: 'gateway' } }, async (request, reply) => {
      const identity = await kept.body('identity');
      const encoding =
        identity.length < MIN_COMPRESSED_BYTES ? 'identity' : negotiateEncoding(request.headers['accept-encoding']);
      reply
        .type(file.type)
        .header('vary', 'accept-encoding')
        .headers(file.headers ?? {});
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return kept.body(encoding);
    });
    allowOnlyGet(app, file.url);
  }
}
