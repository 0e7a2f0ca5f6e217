/**
 * The session token (`bls_…`), kept in localStorage and sent as `Authorization: Bearer` by the API
 * client and as socket.io `auth.token`; never put in a URL.
 */
const KEY = 'botlens.session';
/**
 * "Sign in as" (admins): the admin's own token waits under its own key while the app runs on the
 * one-hour session as the user, and comes back on "go back" or when that session ends.
 */
const ADMIN_KEY = 'botlens.session.admin';
const listeners = new Set<() => void>();
const identityListeners = new Set<() => void>();

export function sessionToken(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function setSessionToken(token: string | null): void {
  if (token) window.localStorage.setItem(KEY, token);
  else {
    window.localStorage.removeItem(KEY);
    // Signed out: no admin session waits aside either.
    window.localStorage.removeItem(ADMIN_KEY);
  }
  listeners.forEach((listener) => listener());
}

export function asideAdminToken(): string | null {
  try {
    return window.localStorage.getItem(ADMIN_KEY);
  } catch {
    return null;
  }
}

export function beginImpersonation(token: string): void {
  const own = sessionToken();
  if (own && !asideAdminToken()) window.localStorage.setItem(ADMIN_KEY, own);
  setSessionToken(token);
  identityListeners.forEach((listener) => listener());
}

/** Back to the admin's own session (null: none was kept, so signed out). */
export function endImpersonation(): void {
  const own = asideAdminToken();
  window.localStorage.removeItem(ADMIN_KEY);
  setSessionToken(own);
  identityListeners.forEach((listener) => listener());
}

/** Someone else now: the admin became the user they sign in as, or themselves again. */
export function onIdentityChange(listener: () => void): () => void {
  identityListeners.add(listener);
  return () => identityListeners.delete(listener);
}

export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
