import type { FastifyRequest } from 'fastify';
import type { Mail } from './mailer.js';

/**
 * A dashboard page's address as the request reached the server (its scheme and
 * host): the links of every mail are built here, and nowhere else.
 */
export function dashboardUrl(request: FastifyRequest, path: string): string {
  return `${request.protocol}://${request.host}${path}`;
}

const NOT_YOU = 'If it was not you, ignore this message';

export function verificationMail(request: FastifyRequest, to: string, token: string): Mail {
  const link = dashboardUrl(request, `/dashboard/verify?token=${token}`);
  return {
    to,
    subject: 'Verify your email address',
    text: [
      `Someone, probably you, signed up for the API dashboard at ${dashboardUrl(request, '/dashboard')}`,
      'with this address. Open this link within 24 hours to verify it (it works once):',
      '',
      link,
      '',
      `${NOT_YOU}: no key can be created for an address that is not verified.`,
    ].join('\n'),
  };
}

/** To the owner of an address someone tried to sign up with. */
export function signUpTakenMail(request: FastifyRequest, to: string): Mail {
  return {
    to,
    subject: 'Sign-up attempt with your email address',
    text: [
      `Someone tried to sign up for the API dashboard at ${dashboardUrl(request, '/dashboard')}`,
      'with this address, which already has an account. If it was you, sign in:',
      '',
      dashboardUrl(request, '/dashboard/login'),
      '',
      'or, if you forgot your password, set a new one:',
      '',
      dashboardUrl(request, '/dashboard/forgot'),
      '',
      `${NOT_YOU}: your account is unchanged.`,
    ].join('\n'),
  };
}

export function resetMail(request: FastifyRequest, to: string, token: string): Mail {
  return {
    to,
    subject: 'Set a new password',
    text: [
      'Someone, probably you, asked for a new password of the API dashboard account at',
      `${dashboardUrl(request, '/dashboard')} with this address. Open this link within 1 hour`,
      'to set one (it works once; setting it signs every browser out of the account):',
      '',
      dashboardUrl(request, `/dashboard/reset?token=${token}`),
      '',
      `${NOT_YOU}: your password stays as it is.`,
    ].join('\n'),
  };
}
