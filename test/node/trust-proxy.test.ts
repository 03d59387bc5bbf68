/**
 * Trusted proxies: which address of `X-Forwarded-For` is the client's for a hop count and for
 * CIDR ranges, when `X-Forwarded-Proto`/`-Host` count, and the values that are refused.
 */
import { describe, expect, it } from 'vitest';
import { forwardedReader, parseTrustProxy, TrustProxyError } from '../../src/node/trust-proxy.js';

const xff = (value: string) => ({ 'x-forwarded-for': value });

describe('parseTrustProxy', () => {
  it('reads a hop count or a list of CIDR ranges and bare addresses', () => {
    expect(parseTrustProxy('2')).toEqual({ hops: 2 });
    expect(parseTrustProxy('10.0.0.0/8, ::1,fd00::/8')).toEqual({ ranges: ['10.0.0.0/8', '::1', 'fd00::/8'] });
  });

  it.each(['0', '-1', '', 'proxy', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', '10.0.0.0/x', '1.2.3', '10.0.0.0/8,'])('refuses %j', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(TrustProxyError);
  });
});

describe('forwardedReader with a hop count', () => {
  it('takes the Nth address from the right, the farthest one when the list is shorter', () => {
    const one = forwardedReader({ hops: 1 });
    expect(one('127.0.0.1', xff('6.6.6.6, 203.0.113.7')).clientAddress).toBe('203.0.113.7');
    expect(one('127.0.0.1', {}).clientAddress).toBe('127.0.0.1');
    const two = forwardedReader({ hops: 2 });
    expect(two('127.0.0.1', xff('6.6.6.6, 203.0.113.7, 10.0.0.2')).clientAddress).toBe('203.0.113.7');
    expect(two('127.0.0.1', xff('10.0.0.2')).clientAddress).toBe('10.0.0.2');
    expect(two('127.0.0.1', { 'x-forwarded-for': ['6.6.6.6', '203.0.113.7, 10.0.0.2'] }).clientAddress).toBe('203.0.113.7');
  });

  it('stops at an entry that is no address, keeping the last good one', () => {
    const two = forwardedReader({ hops: 2 });
    expect(two('127.0.0.1', xff('203.0.113.7, garbage, 10.0.0.2')).clientAddress).toBe('10.0.0.2');
  });
});

describe('forwardedReader with CIDR ranges', () => {
  const read = forwardedReader({ ranges: ['10.0.0.0/8', '127.0.0.1', 'fd00::/8'] });

  it('walks from the right past trusted addresses', () => {
    expect(read('127.0.0.1', xff('6.6.6.6, 203.0.113.7, 10.1.2.3')).clientAddress).toBe('203.0.113.7');
    expect(read('::ffff:127.0.0.1', xff('2001:db8::5, fd00::1')).clientAddress).toBe('2001:db8::5');
    expect(read('127.0.0.1', xff('10.0.0.9')).clientAddress).toBe('10.0.0.9');
  });

  it('ignores every forwarding header from a peer outside the ranges', () => {
    const view = read('203.0.113.9', { ...xff('1.2.3.4'), 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' });
    expect(view).toEqual({ clientAddress: '203.0.113.9' });
  });
});

describe('forwardedReader: scheme and host', () => {
  const read = forwardedReader({ hops: 1 });

  it('takes the nearest proxy\'s valid X-Forwarded-Proto and X-Forwarded-Host', () => {
    const view = read('127.0.0.1', { 'x-forwarded-proto': 'http, HTTPS', 'x-forwarded-host': 'feedback.example.com:8443' });
    expect(view).toEqual({ clientAddress: '127.0.0.1', proto: 'https', host: 'feedback.example.com:8443' });
  });

  it.each([
    ['x-forwarded-proto', 'ftp'],
    ['x-forwarded-host', 'evil.example/path'],
    ['x-forwarded-host', 'a b'],
    ['x-forwarded-host', 'user@evil.example'],
    ['x-forwarded-host', `${'a'.repeat(300)}.example`],
  ])('ignores %s: %j', (name, value) => {
    expect(read('127.0.0.1', { [name]: value })).toEqual({ clientAddress: '127.0.0.1' });
  });
});
