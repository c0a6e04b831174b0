import { X509Certificate, createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server as TlsServer } from 'node:tls';
import type { FastifyInstance } from 'fastify';
import { SettingsError, type TlsFiles } from '../settings.js';

/**
 * HTTPS without a proxy: the certificate and key of `TLS_CERT_FILE` and `TLS_KEY_FILE`,
 * checked at start and at every reload (SIGHUP), and the header that tells browsers to
 * come back over HTTPS only.
 */

/** The PEM contents of a certificate (chain) and its private key. */
export interface TlsPair {
  cert: Buffer;
  key: Buffer;
}

/** `Strict-Transport-Security` of every answer over TLS: one year. */
export const HSTS = 'max-age=31536000';

function readPem(setting: string, file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new SettingsError(
      `${setting} ${file} cannot be read (${code}): make it readable by this user or set ${setting} to the right path`,
    );
  }
}

/**
 * Reads and checks both files: each parses as PEM, and the key is the certificate's.
 * Every failure is a SettingsError of one line naming the setting.
 */
export function readTls(files: TlsFiles): TlsPair {
  const cert = readPem('TLS_CERT_FILE', files.certFile);
  const key = readPem('TLS_KEY_FILE', files.keyFile);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(cert);
  } catch {
    throw new SettingsError(
      `TLS_CERT_FILE ${files.certFile} is not a PEM certificate: set it to the server's certificate (chain) in PEM`,
    );
  }
  let privateKey: ReturnType<typeof createPrivateKey>;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw new SettingsError(
      `TLS_KEY_FILE ${files.keyFile} is not an unencrypted PEM private key: set it to the key of TLS_CERT_FILE`,
    );
  }
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new SettingsError(
      `TLS_KEY_FILE ${files.keyFile} is not the key of TLS_CERT_FILE ${files.certFile}: ` +
        'set the two to a certificate and its own private key',
    );
  }
  return { cert, key };
}

/** `Strict-Transport-Security` on every answer, errors and 404s included (registered before any other hook). */
export function registerHsts(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.header('strict-transport-security', HSTS);
    done();
  });
}

/**
 * SIGHUP: reads both files again and serves new TLS connections with them; open
 * connections keep theirs, and none is dropped. A pair that fails the checks of
 * `readTls` is logged in one line and the previous certificate stays.
 */
export function reloadTlsOnSighup(
  server: TlsServer,
  files: TlsFiles,
  log: { info(msg: string): void; error(msg: string): void },
): void {
  process.on('SIGHUP', () => {
    try {
      const pair = readTls(files);
      server.setSecureContext({ cert: pair.cert, key: pair.key });
      const fingerprint = new X509Certificate(pair.cert).fingerprint256;
      log.info(`SIGHUP: reloaded TLS_CERT_FILE and TLS_KEY_FILE (certificate SHA-256 ${fingerprint})`);
    } catch (err) {
      const message = err instanceof SettingsError ? err.message : String((err as Error).message ?? err);
      log.error(`SIGHUP: TLS certificate not reloaded, still serving the previous one: ${message}`);
    }
  });
}
