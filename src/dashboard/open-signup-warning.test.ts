import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadSettings } from '../settings.js';
import { openSignupWarning } from './open-signup-warning.js';

describe('the open sign-up warning', () => {
  it('names the risk, the credits and the settings that change it, while sign-up is open', () => {
    const warning = openSignupWarning(loadSettings({ OPEN_SIGNUP_QUOTA_CREDITS: '5' }));
    assert.ok(warning);
    assert.match(warning, /^SIGNUP=open: anyone can make a dashboard account/);
    assert.match(warning, /throwaway/);
    assert.match(warning, /gets 5 credits a month/);
    for (const setting of ['SMTP_URL', 'PUBLIC_URL', 'SIGNUP=closed', 'OPEN_SIGNUP_QUOTA_CREDITS'])
      assert.ok(warning.includes(setting), setting);
    assert.ok(!warning.includes('\n'), 'one line');
  });

  it('is silent when sign-up is verified or closed, or the dashboard is off', () => {
    assert.equal(openSignupWarning(loadSettings({ SIGNUP: 'closed' })), undefined);
    assert.equal(openSignupWarning(loadSettings({ DASHBOARD: 'off' })), undefined);
    const verify = { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'a@example.com', PUBLIC_URL: 'https://x.example' };
    assert.equal(openSignupWarning(loadSettings(verify)), undefined);
  });
});
