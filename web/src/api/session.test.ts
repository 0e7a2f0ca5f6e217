import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  asideAdminToken,
  beginImpersonation,
  endImpersonation,
  onIdentityChange,
  sessionToken,
  setSessionToken,
} from './session';

afterEach(() => window.localStorage.clear());

describe('signing in as someone keeps the admin session aside', () => {
  it('runs on the user session and gives the admin their own back', () => {
    setSessionToken('bls_admin');
    beginImpersonation('bls_user');
    expect([sessionToken(), asideAdminToken()]).toEqual(['bls_user', 'bls_admin']);
    endImpersonation();
    expect([sessionToken(), asideAdminToken()]).toEqual(['bls_admin', null]);
  });

  it('tells who listens that the person changed, both ways, and only then', () => {
    const changed = vi.fn();
    const stop = onIdentityChange(changed);
    setSessionToken('bls_admin');
    beginImpersonation('bls_user');
    endImpersonation();
    stop();
    expect(changed).toHaveBeenCalledTimes(2);
  });

  it('signing out forgets the session kept aside too', () => {
    setSessionToken('bls_admin');
    beginImpersonation('bls_user');
    setSessionToken(null);
    expect([sessionToken(), asideAdminToken()]).toEqual([null, null]);
  });

  it('going back with nothing kept aside signs out', () => {
    setSessionToken('bls_user');
    endImpersonation();
    expect(sessionToken()).toBeNull();
  });
});
