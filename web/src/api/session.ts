/**
 * The session token (`bls_…`), kept in localStorage and sent as `Authorization: Bearer` by the API
 * client and as socket.io `auth.token`; never put in a URL.
 */
const KEY = 'botlens.session';
const listeners = new Set<() => void>();

export function sessionToken(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setSessionToken(token: string | null): void {
  if (token) window.localStorage.setItem(KEY, token);
  else window.localStorage.removeItem(KEY);
  listeners.forEach((listener) => listener());
}

export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
