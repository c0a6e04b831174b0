import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { describe, it } from 'node:test';
import { SettingsError, loadSettings, sizeInBytes } from './settings.js';

const MAIL = { SMTP_URL: 'smtps://user:secret@mail.example.com:465', MAIL_FROM: 'API <no-reply@example.com>' };

/** The message of the SettingsError `env` gives. */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    loadSettings(env);
  } catch (err) {
    assert.ok(err instanceof SettingsError, String(err));
    return err.message;
  }
  assert.fail('the settings were accepted');
}

describe('mail settings', () => {
  it('refuse SMTP_URL without PUBLIC_URL, in one line naming the fix', () => {
    const message = refusal(MAIL);
    assert.match(message, /^PUBLIC_URL is required with SMTP_URL: set it to the service's public address/);
    assert.ok(!message.includes('\n'));
  });

  it("keep PUBLIC_URL's origin with SMTP_URL; without SMTP_URL no PUBLIC_URL is needed", () => {
    const settings = loadSettings({ ...MAIL, PUBLIC_URL: 'https://api.example.com/some/path?q=1' });
    assert.equal(settings.publicOrigin, 'https://api.example.com');
    assert.equal(settings.signup, 'verify');
    assert.equal(loadSettings({}).publicOrigin, undefined);
    assert.match(refusal({ ...MAIL, PUBLIC_URL: 'ftp://api.example.com' }), /^PUBLIC_URL must be/);
  });
});

describe('OPEN_SIGNUP_QUOTA_CREDITS', () => {
  it('defaults to DEFAULT_QUOTA_CREDITS, and is a whole number of credits', () => {
    assert.equal(loadSettings({}).openSignupQuotaCredits, 10_000);
    assert.equal(loadSettings({ DEFAULT_QUOTA_CREDITS: '300' }).openSignupQuotaCredits, 300);
    assert.equal(loadSettings({ OPEN_SIGNUP_QUOTA_CREDITS: '5' }).openSignupQuotaCredits, 5);
    assert.equal(loadSettings({ OPEN_SIGNUP_QUOTA_CREDITS: '0' }).openSignupQuotaCredits, 0);
    assert.match(refusal({ OPEN_SIGNUP_QUOTA_CREDITS: '2.5' }), /^OPEN_SIGNUP_QUOTA_CREDITS must be an integer >= 0/);
  });
});

describe('HEAVY_CONCURRENCY and WORKER_THREADS_NICE', () => {
  it('default to one heavy answer a core and nice 10; a nice value is 0 to 19', () => {
    const settings = loadSettings({});
    assert.equal(settings.heavyConcurrency, availableParallelism());
    assert.equal(settings.workerThreadsNice, 10);
    assert.equal(loadSettings({ HEAVY_CONCURRENCY: '3', WORKER_THREADS_NICE: '0' }).workerThreadsNice, 0);
    assert.match(refusal({ HEAVY_CONCURRENCY: '0' }), /^HEAVY_CONCURRENCY must be an integer >= 1,/);
    assert.match(refusal({ WORKER_THREADS_NICE: '20' }), /^WORKER_THREADS_NICE must be an integer >= 0 and <= 19,/);
  });
});

describe('TLS_CERT_FILE and TLS_KEY_FILE', () => {
  it('are both set or neither, else one line naming the one missing', () => {
    assert.equal(loadSettings({}).tls, undefined);
    assert.deepEqual(loadSettings({ TLS_CERT_FILE: 'c.pem', TLS_KEY_FILE: 'k.pem' }).tls, {
      certFile: 'c.pem',
      keyFile: 'k.pem',
    });
    const noKey = refusal({ TLS_CERT_FILE: 'c.pem' });
    assert.match(noKey, /^TLS_KEY_FILE is required with TLS_CERT_FILE: set TLS_KEY_FILE to the PEM private key file/);
    assert.ok(!noKey.includes('\n'));
    assert.match(refusal({ TLS_KEY_FILE: 'k.pem' }), /^TLS_CERT_FILE is required with TLS_KEY_FILE: .*certificate/);
  });
});

describe('sizeInBytes', () => {
  it('reads the sizes DuckDB takes and shows', () => {
    assert.equal(sizeInBytes('4GB'), 4e9);
    assert.equal(sizeInBytes('512MiB'), 512 * 2 ** 20);
    assert.equal(sizeInBytes('6.0 GiB'), 6 * 2 ** 30);
    assert.equal(sizeInBytes('0 bytes'), 0);
    assert.ok(Number.isNaN(sizeInBytes('lots')));
  });
});
