import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { MemoryRateLimiter } from '../rate-limit/memory.js';
import { hashPassword, passwordProblem, verifyPassword } from './password.js';
import { SignInThrottle } from './sign-in-throttle.js';
import { csrfToken, csrfTokenMatches, newSessionToken, sessionHash } from './tokens.js';

describe('account security', () => {
  it('hashes passwords with scrypt, salted, and verifies them', async () => {
    const a = await hashPassword('correct horse battery staple');
    const b = await hashPassword('correct horse battery staple');
    assert.match(a, /^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    assert.notEqual(a, b, 'each hash has its own salt');
    assert.equal(await verifyPassword('correct horse battery staple', a), true);
    assert.equal(await verifyPassword('correct horse battery stapl', a), false);
    assert.equal(await verifyPassword('x', 'scrypt$1$1$1$bad'), false, 'a malformed hash never matches');
    assert.equal(
      await verifyPassword('x', 'scrypt$4194304$8$1$AAAA$AAAA'),
      false,
      'no unbounded cost from a stored hash',
    );
  });

  it('refuses passwords too short or too long before hashing', () => {
    assert.match(passwordProblem('short')!, /at least 12/);
    assert.match(passwordProblem('x'.repeat(2000))!, /at most 1024/);
    assert.equal(passwordProblem('a long enough password'), undefined);
  });

  it('keeps only a hash of session tokens; CSRF tokens are bound to their session', () => {
    const secret = randomBytes(32);
    const token = newSessionToken();
    assert.match(token, /^[\w-]{43}$/);
    const hash = sessionHash(token);
    assert.notEqual(hash, token);
    const csrf = csrfToken(secret, hash);
    assert.equal(csrfTokenMatches(secret, hash, csrf), true);
    assert.equal(csrfTokenMatches(secret, sessionHash(newSessionToken()), csrf), false, 'another session');
    assert.equal(csrfTokenMatches(randomBytes(32), hash, csrf), false, 'another server secret');
    assert.equal(csrfTokenMatches(secret, hash, undefined), false);
    assert.equal(csrfTokenMatches(secret, hash, csrf.slice(1)), false);
  });

  it('throttles sign-ins per account, per account and client, and per client', async () => {
    let now = 0;
    const limits = { perAccount: 3, perAccountClient: 2, perClient: 5, perDevice: 3, windowS: 60 };
    const throttle = new SignInThrottle(new MemoryRateLimiter(() => now), limits);
    const wait = async (email: string, client: string, id: string) =>
      (await throttle.attempt({ email, client }, id)).waitS;
    for (let i = 0; i < 2; i++) assert.equal(await wait('A@x.org', '10.0.0.1', `a${i}`), 0);
    assert.ok((await wait('a@x.org', '10.0.0.1', 'a2')) > 0, 'the account from one client, whatever the case');
    assert.ok((await wait('a@x.org', '10.0.0.2', 'a3')) > 0, 'the account from clients it never signed in from');
    assert.equal(await wait('b@x.org', '10.0.0.1', 'b0'), 0);
    assert.equal(await wait('c@x.org', '10.0.0.1', 'c0'), 0, 'the fifth attempt from one client');
    assert.ok((await wait('d@x.org', '10.0.0.1', 'd0')) > 0, 'the client, whatever the account');
    now += 61_000;
    assert.equal(await wait('a@x.org', '10.0.0.3', 'a4'), 0, 'the window slides');
  });

  it("lets a browser with the account's device cookie in while others are locked out", async () => {
    const limits = { perAccount: 3, perAccountClient: 100, perClient: 100, perDevice: 3, windowS: 60 };
    const throttle = new SignInThrottle(new MemoryRateLimiter(), limits);
    for (let i = 0; i < 10; i++) await throttle.attempt({ email: 'owner@x.org', client: `10.9.0.${i}` }, `x${i}`);
    const stranger = await throttle.attempt({ email: 'owner@x.org', client: '10.9.1.1' }, 'y');
    assert.ok(stranger.waitS > 0, 'an unknown client is locked out');
    const owner = await throttle.attempt({ email: 'owner@x.org', client: '10.9.1.2', device: 'dev1' }, 'z');
    assert.equal(owner.waitS, 0, "the owner's browser is not");
    assert.equal(owner.failureDelayMs, 0);
  });

  it('answers repeated failures on an account later and later, up to a bound', async () => {
    const limits = { perAccount: 30, perAccountClient: 100, perClient: 100, perDevice: 30, windowS: 60 };
    const throttle = new SignInThrottle(new MemoryRateLimiter(), limits);
    const delays: number[] = [];
    for (let i = 0; i < 20; i++)
      delays.push((await throttle.attempt({ email: 'e@x.org', client: `10.0.1.${i}` }, `e${i}`)).failureDelayMs);
    assert.deepEqual(delays.slice(0, 5), [0, 0, 0, 200, 400]);
    assert.equal(Math.max(...delays), 2000);
    const other = await throttle.attempt({ email: 'f@x.org', client: '10.0.1.1' }, 'f0');
    assert.equal(other.failureDelayMs, 0, 'another account');
  });
});
