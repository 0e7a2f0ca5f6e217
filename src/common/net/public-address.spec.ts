import { isPublicAddress, resolvesToPublicAddresses } from './public-address';

describe('isPublicAddress', () => {
  it.each(['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '::1',
    'fe80::1',
    'fc00::1',
    '::ffff:127.0.0.1',
    '0.0.0.0',
    '100.64.0.1',
    'not-an-ip',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('resolvesToPublicAddresses', () => {
  it('refuses literal loopback and localhost', async () => {
    expect(await resolvesToPublicAddresses('http://127.0.0.1:8080/hook')).toBe(false);
    expect(await resolvesToPublicAddresses('http://[::1]/hook')).toBe(false);
    expect(await resolvesToPublicAddresses('http://localhost/hook')).toBe(false);
  });

  it('accepts a literal public address without a DNS lookup', async () => {
    expect(await resolvesToPublicAddresses('https://8.8.8.8/hook')).toBe(true);
  });
});
