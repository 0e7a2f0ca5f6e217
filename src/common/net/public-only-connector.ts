import { lookup as dnsLookup, LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import * as ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';
import { isPublicAddress } from './public-address';

/** The error code of a connection refused because its host is (or resolves to) a non-public address. */
export const PRIVATE_ADDRESS_CODE = 'EPRIVATEADDRESS';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function privateAddressError(host: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${host} is or resolves to a private address`), { code: PRIVATE_ADDRESS_CODE });
}

/** Resolves like dns.lookup, but fails unless every address of the host is public. */
function publicOnlyLookup(
  hostname: string,
  options: LookupOneOptions | LookupAllOptions,
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (!addresses.length || addresses.some((a) => !isPublicAddress(a.address)))
      return callback(privateAddressError(hostname), []);
    if ((options as LookupAllOptions).all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  });
}

/**
 * An undici connector for user-given URLs (target_url, webhook subscribers) that refuses to dial
 * anything but public unicast addresses. The check runs when a connection is opened, inside the
 * lookup that connection uses, so the address checked is the address dialled (DNS rebinding cannot
 * slip a private one in between) and requests on an open keep-alive connection cost nothing extra.
 */
export function publicOnlyConnector(): buildConnector.connector {
  const connect = buildConnector({ lookup: publicOnlyLookup as never });
  return (options, callback) => {
    // A literal IP is dialled without a lookup, so it is checked here.
    const host = options.hostname.replace(/^\[|\]$/g, '');
    if (ipaddr.isValid(host) && !isPublicAddress(host)) return callback(privateAddressError(host), null);
    connect(options, callback);
  };
}

/**
 * The keep-alive Agent every delivery to a user-given URL goes through: private addresses are
 * refused when a connection opens, unless ALLOW_PRIVATE_WEBHOOK_TARGETS (tests, closed networks).
 */
export function userUrlAgent(allowPrivateTargets: boolean, connections: number): Agent {
  return new Agent({
    keepAliveTimeout: 30_000,
    connections,
    connect: allowPrivateTargets ? undefined : publicOnlyConnector(),
  });
}
