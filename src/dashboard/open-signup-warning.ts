import type { Settings } from '../settings.js';

/**
 * The warning logged at start while anyone may make an account (the dashboard on,
 * `SIGNUP=open`): any address, throwaway ones included, gets an account at once, with
 * OPEN_SIGNUP_QUOTA_CREDITS a month, and nothing checks that the address is anyone's.
 * Undefined when sign-up is not open.
 */
export function openSignupWarning(
  settings: Pick<Settings, 'dashboard' | 'signup' | 'openSignupQuotaCredits'>,
): string | undefined {
  if (!settings.dashboard || settings.signup !== 'open') return undefined;
  return (
    `SIGNUP=open: anyone can make a dashboard account with any address, unverified (throwaway ones included), ` +
    `and each account gets ${settings.openSignupQuotaCredits} credits a month at once ` +
    '(OPEN_SIGNUP_QUOTA_CREDITS); on a server others can reach, set SMTP_URL, MAIL_FROM and PUBLIC_URL ' +
    '(sign-up then verifies addresses), or SIGNUP=closed, or a lower OPEN_SIGNUP_QUOTA_CREDITS'
  );
}
