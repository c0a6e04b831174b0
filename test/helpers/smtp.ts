import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server in the test's process (127.0.0.1, a free port, no TLS, no login) that keeps every mail. */
export interface MailCatcher {
  /** `smtp://127.0.0.1:PORT`, for SMTP_URL. */
  url: string;
  /** Waits (at most `boundMs`) for the oldest mail to `to` not taken yet, and takes it. */
  next(to: string, boundMs?: number): Promise<ReceivedMail>;
  /** How many mails to `to` arrived and were not taken yet. */
  waiting(to: string): number;
  close(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      simpleParser(stream)
        .then((parsed) => {
          inbox.push({ from: parsed.from?.text ?? '', to, subject: parsed.subject ?? '', text: parsed.text ?? '' });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const index = (to: string) => inbox.findIndex((m) => m.to.includes(to.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    async next(to, boundMs = 20_000) {
      const started = Date.now();
      while (index(to) === -1) {
        if (Date.now() - started > boundMs) throw new Error(`no mail to ${to} within ${boundMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return inbox.splice(index(to), 1)[0]!;
    },
    waiting: (to) => inbox.filter((m) => m.to.includes(to.toLowerCase())).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link to `path` (e.g. `/dashboard/verify`) in a mail, as path and query, with the origin it names. */
export function linkIn(mail: ReceivedMail, path: string): { origin: string; pathAndQuery: string } {
  const match = new RegExp(`(https?://[^/\\s]+)(${path.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no link to ${path} in: ${mail.text}`);
  return { origin: match[1]!, pathAndQuery: match[2]! };
}
