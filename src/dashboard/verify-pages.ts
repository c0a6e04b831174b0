import type { FastifyInstance } from 'fastify';
import { emailTokenHash, isEmailTokenShaped } from '../access/accounts/email-tokens.js';
import { csrfField, html, page, sendPage, type Html } from './html.js';
import type { MailContext } from './mailer.js';
import type { Sessions } from './session.js';
import { sendVerification } from './signup.js';

export interface VerifyPagesOptions {
  sessions: Sessions;
  mail: MailContext;
}

/** In place of the key form while the account's address is not verified. */
export function verifyFirstNotice(csrf: string): Html {
  return html`<h2>New key</h2>
    <p class="warning" role="status">
      Verify your email address to create keys: follow the link in the message sent to it at sign-up.
    </p>
    <form method="post" action="/dashboard/verify/resend">
      ${csrfField(csrf)}
      <p><button type="submit">Resend verification link</button></p>
    </form>`;
}

/** The link of a verification mail, and a new link for a signed-in account that asks for one. */
export function registerVerifyPages(app: FastifyInstance, { sessions, mail }: VerifyPagesOptions): void {
  app.get<{ Querystring: { token?: string } }>('/dashboard/verify', async (request, reply) => {
    const { token } = request.query;
    const accountId = isEmailTokenShaped(token)
      ? await mail.accounts.verifyEmail(emailTokenHash(token), new Date())
      : null;
    const signedIn = await sessions.current(request);
    const next = signedIn
      ? html`<a href="/dashboard/keys">Go to your API keys</a>`
      : html`<a href="/dashboard/login">Sign in</a>`;
    if (!accountId) {
      const body = html`<p role="alert">
          This verification link is not valid: it was used already, it has expired (after 24 hours), or it was not
          copied whole. Sign in to ask for a new one.
        </p>
        <p>${next}</p>`;
      return sendPage(reply, 400, page({ title: 'Verify your email address', body, signedIn: signedIn ?? undefined }));
    }
    const body = html`<p role="status">Your email address is verified: you can create API keys.</p>
      <p>${next}</p>`;
    return sendPage(reply, 200, page({ title: 'Email address verified', body, signedIn: signedIn ?? undefined }));
  });

  app.post('/dashboard/verify/resend', async (request, reply) => {
    const signedIn = await sessions.orSignIn(request, reply, 'post');
    if (!signedIn) return reply;
    if (await mail.accounts.isEmailVerified(signedIn.account.id)) return reply.redirect('/dashboard/keys', 303);
    sendVerification(mail, request, signedIn.account);
    const body = html`<p role="status">
        A new verification link is on its way to <strong>${signedIn.account.email ?? ''}</strong>; it works for 24
        hours.
      </p>
      <p><a href="/dashboard/keys">Back to your API keys</a></p>`;
    return sendPage(reply, 200, page({ title: 'Check your email', body, signedIn, section: 'keys' }));
  });
}
