import type { FastifyRequest } from 'fastify';
import { newEmailToken } from '../access/accounts/email-tokens.js';
import type { Account } from '../access/accounts/store.js';
import { html, page } from './html.js';
import { signUpTakenMail, verificationMail } from './mail-messages.js';
import type { MailContext } from './mailer.js';

/** Mails `account` a new verification link (after the answer). */
export function sendVerification(
  { accounts, outbox, origin }: MailContext,
  request: FastifyRequest,
  account: Account,
): void {
  const to = account.email;
  if (!to) return;
  outbox.later(request, async () => {
    const { token, stored } = newEmailToken(account.id, 'verify');
    await accounts.createEmailToken(stored);
    return verificationMail(origin, to, token);
  });
}

/**
 * Sign-up in `verify` mode: a new address gets an unverified account and a
 * verification link; the owner of a taken one gets a mail saying someone tried. The
 * answer is the same page either way, so the form does not tell which addresses have
 * accounts (both cases hashed the password before, and mail goes out after the answer).
 */
export async function signUpByMail(
  mail: MailContext,
  request: FastifyRequest,
  input: { email: string; passwordHash: string },
): Promise<string> {
  const account = await mail.accounts.createAccount(input.email, input.passwordHash, { role: 'user' });
  if (account) sendVerification(mail, request, account);
  else {
    // To the address as the account has it, whatever the form's spelling of it.
    mail.outbox.later(request, async () => {
      const owner = await mail.accounts.findAccountByEmail(input.email);
      return owner?.email ? signUpTakenMail(mail.origin, owner.email) : null;
    });
  }
  return checkYourEmailPage(input.email);
}

function checkYourEmailPage(email: string): string {
  return page({
    title: 'Check your email',
    body: html`<p role="status">
        A message is on its way to <strong>${email}</strong>. Follow its link within 24 hours to verify the address,
        then sign in to create API keys.
      </p>
      <p>Nothing arrived after a few minutes? Look in the spam folder, or sign in and ask for a new link.</p>
      <p><a href="/dashboard/login">Sign in</a></p>`,
  });
}

/** The sign-up page while `SIGNUP=closed`. */
export function signUpClosedPage(): string {
  return page({
    title: 'Sign up',
    body: html`<p role="status">
        Sign-up is closed on this server: its operators create accounts (with <code>npm run accounts</code>).
      </p>
      <p>Already have an account? <a href="/dashboard/login">Sign in</a>.</p>`,
  });
}
