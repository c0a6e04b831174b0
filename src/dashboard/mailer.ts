import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AccountStore } from '../access/accounts/store.js';
import type { RateLimiter } from '../access/rate-limit/index.js';

/** A plain-text message. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** `SMTP_URL`, `MAIL_FROM` and `PUBLIC_URL`. */
export interface MailSettings {
  /**
   * `smtp://` (STARTTLS when the relay offers it) or `smtps://` (TLS from the start);
   * Nodemailer's options may follow as query parameters (`?requireTLS=true`).
   */
  url: string;
  from: string;
  /** PUBLIC_URL's origin: every link of a mail leads there, never to the Host a request names. */
  publicOrigin: string;
}

/** Mails to one address per hour, whatever asks for them: a form cannot be used to flood a mailbox. */
const MAILS_PER_ADDRESS_PER_HOUR = 5;

/**
 * The dashboard's outgoing mail, through the relay of SMTP_URL. A mail is composed and
 * sent after the answer, so an answer takes as long whether a mail goes out or not
 * (a form must not tell by its timing which addresses have accounts); failures are logged.
 */
export class Outbox {
  private readonly transport: Transporter;

  constructor(
    settings: MailSettings,
    private readonly limiter: RateLimiter,
  ) {
    this.transport = nodemailer.createTransport(settings.url, { from: settings.from });
  }

  /** Runs `compose` (null: nothing to send) and sends its mail, once the handler has given its answer. */
  later(request: FastifyRequest, compose: () => Promise<Mail | null>): void {
    setImmediate(() => void this.send(request, compose));
  }

  close(): void {
    this.transport.close();
  }

  private async send(request: FastifyRequest, compose: () => Promise<Mail | null>): Promise<void> {
    try {
      const mail = await compose();
      if (!mail) return;
      const decision = await this.limiter.hit({
        keyId: `mail:${mail.to.toLowerCase()}`,
        limit: MAILS_PER_ADDRESS_PER_HOUR,
        windowS: 3600,
        requestId: randomUUID(),
      });
      if (!decision.allowed) {
        request.log.warn({ subject: mail.subject }, 'dashboard mail not sent: too many to this address this hour');
        return;
      }
      await this.transport.sendMail(mail);
      request.log.info({ subject: mail.subject }, 'dashboard mail sent');
    } catch (err) {
      request.log.error({ err }, 'dashboard mail could not be sent');
    }
  }
}

/** What the pages that send mail need: the accounts (for tokens), the outbox and where links lead. */
export interface MailContext {
  accounts: AccountStore;
  outbox: Outbox;
  /** PUBLIC_URL's origin, the only origin a mailed link names. */
  origin: string;
}
