import { normalizeIp } from '@nestjs/throttler';
import { isIPv4 } from 'node:net';

/**
 * The network a request comes from, as every per-address limit counts it: an IPv4 address as it
 * is, an IPv6 address by its /64 (one customer's prefix: anyone given a /64 has 2^64 addresses).
 * The same rule as the flood guard's.
 */
export function clientNetwork(ip: string | undefined): string {
  return ip ? normalizeIp(ip, 64) : 'unknown';
}

/**
 * The wider network fairness between uploaders counts by (issue 26: the rendition queue): one
 * household, office or attacker holds a whole IPv4 /24 or IPv6 /48 as easily as one address, so
 * queueing per address alone would let them jump it. IPv4-mapped IPv6 counts as its IPv4 address.
 */
export function uploaderNetwork(ip: string): string {
  const network = normalizeIp(ip, 48);
  if (!isIPv4(network)) return network;
  return `${network.split('.').slice(0, 3).join('.')}.0/24`;
}
