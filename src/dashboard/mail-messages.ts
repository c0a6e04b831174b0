import type { FastifyRequest } from 'fastify';
import type { Mail } from './mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_URL's origin, or null: then links lead to the origin a request arrived at. */
    publicOrigin: string | null;
  }
}

/**
 * The address of a dashboard page in a mail: under PUBLIC_URL when it is set (a
 * request's Host is the client's to choose, so a link built from it could lead a
 * reset token to another site), else the origin the request arrived at (behind
 * trusted proxies, the original one). Every mail link is built here.
 */
export function dashboardUrl(request: FastifyRequest, path: string): string {
  return `${request.server.publicOrigin ?? `${request.protocol}://${request.host}`}${path}`;
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
