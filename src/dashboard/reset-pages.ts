import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { emailTokenHash, isEmailTokenShaped, newEmailToken } from '../access/accounts/email-tokens.js';
import { hashPassword, passwordProblem } from '../access/accounts/password.js';
import { html, notice, page, sendPage } from './html.js';
import { resetMail } from './mail-messages.js';
import type { MailContext } from './mailer.js';
import { checkPreSignInToken, formOf, preSignInToken } from './session.js';

/** The longest address SMTP carries (RFC 5321), as the sign-up form allows. */
const EMAIL_MAX_LENGTH = 254;

function forgotForm(csrf: string): string {
  return page({
    title: 'Forgot your password?',
    body: html`<p>Enter the email address of your account: a link to set a new password will be sent to it.</p>
      <form method="post" action="/dashboard/forgot">
        <input type="hidden" name="csrf" value="${csrf}" />
        <p>
          <label for="email">Email</label>
          <input id="email" name="email" type="email" autocomplete="email" required maxlength="${EMAIL_MAX_LENGTH}" />
        </p>
        <p><button type="submit">Send reset link</button></p>
      </form>
      <p><a href="/dashboard/login">Back to sign-in</a></p>`,
  });
}

function resetForm(csrf: string, token: string, problem?: string): string {
  return page({
    title: 'Set a new password',
    body: html`${notice(problem)}
      <form method="post" action="/dashboard/reset">
        <input type="hidden" name="csrf" value="${csrf}" />
        <input type="hidden" name="token" value="${token}" />
        <p>
          <label for="password">New password</label>
          <input id="password" name="password" type="password" required autocomplete="new-password" minlength="12" />
          <small>At least 12 characters. Setting it signs every browser out of the account.</small>
        </p>
        <p><button type="submit">Set password</button></p>
      </form>`,
  });
}

function invalidLink(reply: FastifyReply): string {
  const body = html`<p role="alert">
      This link to set a new password is not valid: it was used already, it has expired (after 1 hour), or it was not
      copied whole.
    </p>
    <p><a href="/dashboard/forgot">Ask for a new link</a></p>`;
  return sendPage(reply, 400, page({ title: 'Set a new password', body }));
}

/** A reset token that is still usable, with its hash; or undefined. */
async function usableToken(mail: MailContext, token: unknown): Promise<{ token: string; hash: string } | undefined> {
  if (!isEmailTokenShaped(token)) return undefined;
  const hash = emailTokenHash(token);
  return (await mail.accounts.emailTokenAccount(hash, 'reset', new Date())) ? { token, hash } : undefined;
}

/** Mails a reset link to the account of `email`, if there is an enabled one (after the answer). */
function sendResetLink(mail: MailContext, request: FastifyRequest, email: string): void {
  mail.outbox.later(request, async () => {
    const account = await mail.accounts.findAccountByEmail(email);
    if (!account?.email || account.disabledAt) return null;
    const { token, stored } = newEmailToken(account.id, 'reset');
    await mail.accounts.createEmailToken(stored);
    return resetMail(mail.origin, account.email, token);
  });
}

/**
 * `/dashboard/forgot` mails a link to set a new password; it answers the same page
 * whether the address has an account or not. `/dashboard/reset` is where the link leads.
 */
export function registerResetPages(app: FastifyInstance, mail: MailContext): void {
  app.get('/dashboard/forgot', async (request, reply) =>
    sendPage(reply, 200, forgotForm(preSignInToken(request, reply))),
  );

  app.post('/dashboard/forgot', async (request, reply) => {
    checkPreSignInToken(request);
    const email = (formOf(request).get('email') ?? '').trim();
    if (email && email.length <= EMAIL_MAX_LENGTH) sendResetLink(mail, request, email);
    const body = html`<p role="status">
        If <strong>${email}</strong> is the address of an account, a link to set a new password is on its way to it; it
        works once, for 1 hour.
      </p>
      <p><a href="/dashboard/login">Back to sign-in</a></p>`;
    return sendPage(reply, 200, page({ title: 'Check your email', body }));
  });

  app.get<{ Querystring: { token?: string } }>('/dashboard/reset', async (request, reply) => {
    const usable = await usableToken(mail, request.query.token);
    if (!usable) return invalidLink(reply);
    return sendPage(reply, 200, resetForm(preSignInToken(request, reply), usable.token));
  });

  app.post('/dashboard/reset', async (request, reply) => {
    checkPreSignInToken(request);
    const form = formOf(request);
    const password = form.get('password') ?? '';
    const usable = await usableToken(mail, form.get('token'));
    if (!usable) return invalidLink(reply);
    const problem = passwordProblem(password);
    if (problem) {
      const again = resetForm(preSignInToken(request, reply), usable.token, `The password is too weak: ${problem}.`);
      return sendPage(reply, 422, again);
    }
    // The token is checked again in the transaction that uses it: of two uses at once, one gets through.
    const accountId = await mail.accounts.resetPassword(usable.hash, await hashPassword(password), new Date());
    if (!accountId) return invalidLink(reply);
    return reply.redirect('/dashboard/login', 303);
  });
}
