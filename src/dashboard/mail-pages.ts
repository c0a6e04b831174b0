import type { FastifyInstance } from 'fastify';
import type { AccountStore } from '../access/accounts/store.js';
import type { RateLimiter } from '../access/rate-limit/index.js';
import type { SignupMode } from '../settings.js';
import { Outbox, type MailContext, type MailSettings } from './mailer.js';
import { registerResetPages } from './reset-pages.js';
import type { Sessions } from './session.js';
import { registerVerifyPages } from './verify-pages.js';

export interface MailPagesOptions {
  accounts: AccountStore;
  sessions: Sessions;
  /** Also bounds the mails to one address (see Outbox). */
  signInLimiter: RateLimiter;
  signup: SignupMode;
  /** SMTP_URL, MAIL_FROM and PUBLIC_URL; without them, no mail and none of these pages. */
  mail?: MailSettings;
}

/**
 * With SMTP_URL, registers the pages that mail links and those the links lead to;
 * returns what the other pages need to send mail (its connection closes with the
 * server), or undefined without SMTP_URL.
 */
export function registerMailPages(app: FastifyInstance, opts: MailPagesOptions): MailContext | undefined {
  if (!opts.mail) {
    if (opts.signup === 'verify') throw new Error('SIGNUP=verify needs SMTP_URL to mail verification links');
    return undefined;
  }
  const outbox = new Outbox(opts.mail, opts.signInLimiter);
  app.addHook('onClose', async () => outbox.close());
  const mail = { accounts: opts.accounts, outbox, origin: opts.mail.publicOrigin };
  registerVerifyPages(app, { sessions: opts.sessions, mail });
  registerResetPages(app, mail);
  return mail;
}
