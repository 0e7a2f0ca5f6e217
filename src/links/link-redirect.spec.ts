import type { IncomingMessage } from 'node:http';
import { clientAddress } from './link-redirect';

const request = (peer: string, forwarded?: string) =>
  ({ socket: { remoteAddress: peer }, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }) as IncomingMessage;
/** Express's compiled TRUST_PROXY for a hop count: the first `hops` addresses from the socket inward are proxies. */
const hops = (count: number) => (_address: string, hop: number) => hop < count;

describe('clientAddress: whose click it is, as req.ip would say', () => {
  it('is the peer when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    expect(clientAddress(request('203.0.113.7', '198.51.100.1'), () => false)).toBe('203.0.113.7');
  });

  it('is the address the trusted proxy names, not one the client wrote before it', () => {
    // The client sent "X-Forwarded-For: 198.51.100.1"; the proxy appended the client's real address.
    expect(clientAddress(request('10.0.0.2', '198.51.100.1, 203.0.113.7'), hops(1))).toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.2', '198.51.100.1, 203.0.113.7, 10.0.0.3'), hops(2))).toBe('203.0.113.7');
  });

  it('is the farthest address when every hop is trusted, and the peer without the header', () => {
    expect(clientAddress(request('10.0.0.2', ' 203.0.113.7 , 10.0.0.3'), hops(5))).toBe('203.0.113.7');
    expect(clientAddress(request('10.0.0.2'), hops(1))).toBe('10.0.0.2');
  });
});
