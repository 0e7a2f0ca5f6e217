import { networkErrorCode } from './platform-errors';

describe('networkErrorCode', () => {
  it('takes the system code from the error or its cause', () => {
    expect(networkErrorCode(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe('ECONNREFUSED');
    expect(
      networkErrorCode(new Error('fetch failed', { cause: Object.assign(new Error(), { code: 'ENOTFOUND' }) })),
    ).toBe('ENOTFOUND');
  });

  it('folds every kind of timeout into ETIMEDOUT', () => {
    expect(networkErrorCode(Object.assign(new Error(), { code: 'UND_ERR_HEADERS_TIMEOUT' }))).toBe('ETIMEDOUT');
    expect(networkErrorCode(Object.assign(new Error(), { code: 'UND_ERR_CONNECT_TIMEOUT' }))).toBe('ETIMEDOUT');
    expect(networkErrorCode(Object.assign(new Error(), { name: 'TimeoutError' }))).toBe('ETIMEDOUT');
  });

  it('has a fallback when nothing names the failure', () => {
    expect(networkErrorCode(new Error('?'))).toBe('ENETWORK');
  });
});
