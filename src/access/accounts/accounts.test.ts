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

  it('throttles sign-ins per account and per address', async () => {
    let now = 0;
    const throttle = new SignInThrottle(new MemoryRateLimiter(() => now), {
      perAccount: 3,
      perAddress: 5,
      windowS: 60,
    });
    const wait = async (email: string, address: string, id: string) =>
      (await throttle.attempt(email, address, id)).waitS;
    for (let i = 0; i < 3; i++) assert.equal(await wait('A@x.org', '10.0.0.1', `a${i}`), 0);
    assert.ok((await wait('a@x.org', '10.0.0.2', 'a3')) > 0, 'the account, whatever the case or address');
    assert.equal(await wait('b@x.org', '10.0.0.1', 'b0'), 0);
    assert.equal(await wait('c@x.org', '10.0.0.1', 'c0'), 0, 'the fifth attempt from one address');
    assert.ok((await wait('d@x.org', '10.0.0.1', 'd0')) > 0, 'the address, whatever the account');
    now += 61_000;
    assert.equal(await wait('a@x.org', '10.0.0.3', 'a4'), 0, 'the window slides');
  });

  it('answers repeated failures on an account later and later, up to a bound', async () => {
    const throttle = new SignInThrottle(new MemoryRateLimiter(), { perAccount: 30, perAddress: 100, windowS: 60 });
    const delays: number[] = [];
    for (let i = 0; i < 20; i++)
      delays.push((await throttle.attempt('e@x.org', `10.0.1.${i}`, `e${i}`)).failureDelayMs);
    assert.deepEqual(delays.slice(0, 5), [0, 0, 0, 200, 400]);
    assert.equal(Math.max(...delays), 2000);
    assert.equal((await throttle.attempt('f@x.org', '10.0.1.1', 'f0')).failureDelayMs, 0, 'another account');
  });
});
