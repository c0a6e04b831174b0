import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientKey } from './client-key.js';

describe('clientKey', () => {
  it('keys an IPv4 client on its full address', () => {
    assert.equal(clientKey('203.0.113.7'), '203.0.113.7');
    assert.notEqual(clientKey('203.0.113.7'), clientKey('203.0.113.8'));
  });

  it('keys an IPv6 client on its /64, however the address is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:abcd:0:0:1',
      '2001:db8:1:2:a:b:192.0.2.1',
      '2001:db8:1:2::5%eth0',
    ]) {
      assert.equal(clientKey(address), key, address);
    }
    assert.equal(clientKey('2001:db8:1:3::1'), '2001:db8:1:3::/64', 'the next /64 is another client');
    assert.equal(clientKey('::1'), '0:0:0:0::/64');
    assert.equal(clientKey('2001:db8::'), '2001:db8:0:0::/64');
    assert.equal(clientKey('fe80::1'), 'fe80:0:0:0::/64');
  });

  it('keys an IPv4-mapped IPv6 address as the IPv4 address', () => {
    assert.equal(clientKey('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(clientKey('::FFFF:203.0.113.7'), '203.0.113.7');
    assert.equal(clientKey('::ffff:cb00:7107'), '203.0.113.7');
    assert.equal(clientKey('0:0:0:0:0:ffff:cb00:7107'), '203.0.113.7');
  });

  it('keeps what is not an IP address as it is', () => {
    for (const other of ['unknown', '', '2001:db8::1::2', '203.0.113.256']) assert.equal(clientKey(other), other);
  });
});
