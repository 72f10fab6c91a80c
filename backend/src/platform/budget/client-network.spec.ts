import { uploaderNetwork } from './client-network.js';

describe('uploaderNetwork', () => {
  it('IPv4: the /24, also written as IPv4-mapped IPv6', () => {
    expect(uploaderNetwork('203.0.113.9')).toBe('203.0.113.0/24');
    expect(uploaderNetwork('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
  });
  it('IPv6: the /48, however the address is written', () => {
    const a = uploaderNetwork('2001:db8:1:2::5');
    expect(uploaderNetwork('2001:0DB8:0001:00ff:0:0:0:9')).toBe(a);
    expect(uploaderNetwork('2001:db8:2::5')).not.toBe(a);
  });
  it('anything else is its own', () => {
    expect(uploaderNetwork('unknown')).toBe('unknown');
  });
});
