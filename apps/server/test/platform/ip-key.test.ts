import { describe, expect, it } from 'vitest';
import { ipKey } from '../../src/platform/ip-key.js';

describe('the key of a client address for limits and caps', () => {
  it('an IPv4 address is its own key', () => {
    expect(ipKey('203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('203.0.113.8')).not.toBe(ipKey('203.0.113.7'));
  });

  it('every address of one IPv6 /64 shares a key; another /64 has its own', () => {
    const key = ipKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const ip of ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:a:b:c:d', '2001:db8:1:2::9%eth0']) {
      expect(ipKey(ip)).toBe(key);
    }
    expect(ipKey('2001:db8:1:3::1')).not.toBe(key);
    expect(ipKey('::1')).toBe('0:0:0:0::/64');
    expect(ipKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(ipKey('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
  });

  it('an IPv4-mapped IPv6 address (a dual-stack socket’s IPv4 client) is keyed as its IPv4 address', () => {
    expect(ipKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('anything else is kept as it is', () => {
    expect(ipKey('no-ip')).toBe('no-ip');
  });
});
