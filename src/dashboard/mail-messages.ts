import type { Mail } from './mailer.js';

/*
 * The mails of the dashboard. Every link in them is built here, on `origin`, which is
 * PUBLIC_URL's: a request's Host (or X-Forwarded-Host) is the client's to choose, so a
 * link built from it could lead a reset token to another site.
 */

const NOT_YOU = 'If it was not you, ignore this message';

export function verificationMail(origin: string, to: string, token: string): Mail {
  return {
    to,
    subject: 'Verify your email address',
    text: [
      `Someone, probably you, signed up for the API dashboard at ${origin}/dashboard`,
      'with this address. Open this link within 24 hours to verify it (it works once):',
      '',
      `${origin}/dashboard/verify?token=${token}`,
      '',
      `${NOT_YOU}: no key can be created for an address that is not verified.`,
    ].join('\n'),
  };
}

/** To the owner of an address someone tried to sign up with. */
export function signUpTakenMail(origin: string, to: string): Mail {
  return {
    to,
    subject: 'Sign-up attempt with your email address',
    text: [
      `Someone tried to sign up for the API dashboard at ${origin}/dashboard`,
      'with this address, which already has an account. If it was you, sign in:',
      '',
      `${origin}/dashboard/login`,
      '',
      'or, if you forgot your password, set a new one:',
      '',
      `${origin}/dashboard/forgot`,
      '',
      `${NOT_YOU}: your account is unchanged.`,
    ].join('\n'),
  };
}

export function resetMail(origin: string, to: string, token: string): Mail {
  return {
    to,
    subject: 'Set a new password',
    text: [
      'Someone, probably you, asked for a new password of the API dashboard account at',
      `${origin}/dashboard with this address. Open this link within 1 hour`,
      'to set one (it works once; setting it signs every browser out of the account):',
      '',
      `${origin}/dashboard/reset?token=${token}`,
      '',
      `${NOT_YOU}: your password stays as it is.`,
    ].join('\n'),
  };
}
