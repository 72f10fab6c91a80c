import { normalizeIp } from '@nestjs/throttler';

/**
 * The network a request comes from, as every per-address limit counts it: an IPv4 address as it
 * is, an IPv6 address by its /64 (one customer's prefix: anyone given a /64 has 2^64 addresses).
 * The same rule as the flood guard's.
 */
export function clientNetwork(ip: string | undefined): string {
  return ip ? normalizeIp(ip, 64) : 'unknown';
}
