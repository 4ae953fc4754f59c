import { describe, expect, it } from 'vitest';
import { loginSource } from './login-source.js';

describe('loginSource', () => {
  it('keeps an IPv4 address, also when mapped into IPv6', () => {
    expect(loginSource('203.0.113.7')).toBe('203.0.113.7');
    expect(loginSource('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('answers the /64 of an IPv6 address, however it is written', () => {
    const net = '2001:db8:0:12::/64';
    expect(loginSource('2001:db8:0:12::1')).toBe(net);
    expect(loginSource('2001:0db8:0000:0012:ffff:ffff:ffff:fffe')).toBe(net);
    expect(loginSource('2001:DB8::12:0:0:0:5')).toBe(net);
    expect(loginSource('2001:db8:0:13::1')).not.toBe(net);
    expect(loginSource('::1')).toBe('0:0:0:0::/64');
    expect(loginSource('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});
