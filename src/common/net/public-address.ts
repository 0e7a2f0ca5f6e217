import { lookup } from 'node:dns/promises';
import * as ipaddr from 'ipaddr.js';

/**
 * Guards outbound calls to user-given URLs (target_url, webhook subscribers) against reaching
 * the service's own network: every address the host resolves to must be public unicast.
 */
export async function resolvesToPublicAddresses(url: string): Promise<boolean> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host)
    ? [host]
    : (await lookup(host, { all: true, verbatim: true }).catch(() => [])).map((entry) => entry.address);
  return addresses.length > 0 && addresses.every(isPublicAddress);
}

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}
