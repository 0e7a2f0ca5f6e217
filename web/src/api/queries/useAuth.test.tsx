import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asideAdminToken, beginImpersonation, sessionToken, setSessionToken } from '../session';
import { keys } from './keys';
import { useAuth } from './useAuth';

/** What the service was asked: the path and the session each call carried. */
const calls = vi.hoisted(() => {
  const seen: Array<{ path: string; token: string | null }> = [];
  // Set as this file loads: the API client calls whatever `globalThis.fetch` is at each request.
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.href), init);
    const path = new URL(request.url).pathname;
    seen.push({ path, token: request.headers.get('Authorization')?.replace('Bearer ', '') ?? null });
    if (path === '/api/auth/logout') return Promise.resolve(new Response(null, { status: 204 }));
    const session = { token: 'bls_new', expires_at: '2026-12-01T00:00:00.000Z', user: {} };
    return Promise.resolve(Response.json(session));
  };
  return seen;
});

let client: QueryClient;
const me = (email: string) => ({ id: 'u1', email, role: 'user', email_confirmed: false });
const renderAuth = () =>
  renderHook(() => useAuth(), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  }).result;

beforeEach(() => {
  client = new QueryClient();
  calls.length = 0;
  window.history.replaceState(null, '', '/bots');
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('useAuth', () => {
  it('signing in forgets everything cached for whoever used the browser before', async () => {
    client.setQueryData(keys.me, me('before@example.com'));
    const auth = renderAuth();
    await act(() => auth.current.login.mutateAsync({ email: 'owner@example.com', password: 'secret-password' }));
    expect(sessionToken()).toBe('bls_new');
    expect(client.getQueryData(keys.me)).toBeUndefined();
  });

  it('a code confirmed for the signed-in account keeps the screen and reads it again', async () => {
    setSessionToken('bls_old');
    client.setQueryData(keys.me, me('owner@example.com'));
    const auth = renderAuth();
    await act(() => auth.current.confirm.mutateAsync({ email: 'owner@example.com', code: '042917' }));
    expect(sessionToken()).toBe('bls_new');
    expect(client.getQueryData(keys.me)).toEqual(me('owner@example.com'));
    expect(client.getQueryState(keys.me)?.isInvalidated).toBe(true);
  });

  it('a code confirmed for a new registration starts from an empty cache', async () => {
    client.setQueryData(keys.me, me('someone-else@example.com'));
    const auth = renderAuth();
    await act(() => auth.current.confirm.mutateAsync({ email: 'new@example.com', code: '042917' }));
    expect(sessionToken()).toBe('bls_new');
    expect(client.getQueryData(keys.me)).toBeUndefined();
  });

  it('"go back" ends the session as the user and gives the admin their own', async () => {
    setSessionToken('bls_admin');
    beginImpersonation('bls_user');
    const auth = renderAuth();
    await act(() => auth.current.signOut({ backToAdmin: true }));
    expect(calls).toEqual([{ path: '/api/auth/logout', token: 'bls_user' }]);
    expect([sessionToken(), asideAdminToken()]).toEqual(['bls_admin', null]);
    expect(window.location.pathname).toBe('/admin/users');
  });

  it('signing out while signed in as someone ends both sessions and goes to sign-in', async () => {
    setSessionToken('bls_admin');
    beginImpersonation('bls_user');
    client.setQueryData(keys.me, me('user@example.com'));
    const auth = renderAuth();
    await act(() => auth.current.signOut());
    expect(calls).toEqual([
      { path: '/api/auth/logout', token: 'bls_user' },
      { path: '/api/auth/logout', token: 'bls_admin' },
    ]);
    expect([sessionToken(), asideAdminToken()]).toEqual([null, null]);
    expect(client.getQueryData(keys.me)).toBeUndefined();
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
  });
});
