import { useMutation, useQueryClient } from '@tanstack/react-query';
import { navigate } from '../../app/router';
import { api, unwrap } from '../client';
import type { components } from '../schema';
import { asideAdminToken, endImpersonation, setSessionToken } from '../session';
import { keys } from './keys';
import type { Me } from './useMe';

export type Credentials = components['schemas']['CredentialsDto'];
type Confirmation = components['schemas']['ConfirmDto'];

/**
 * Every change of who is signed in, in one place: sign in, register, confirm the mailed code (which
 * signs in), send the code again, and sign out. Each call but sign-out is a mutation, so a screen reads
 * `isPending` and `error` the same way as for any other; the screen decides where to go on success.
 */
export function useAuth() {
  const client = useQueryClient();

  const login = useMutation({
    mutationFn: (body: Credentials) => unwrap(api.POST('/api/auth/login', { body })),
    onSuccess: (session) => {
      // Someone else may have used this browser: nothing cached is theirs.
      client.clear();
      setSessionToken(session.token);
    },
  });

  const register = useMutation({
    mutationFn: (body: Credentials) => unwrap(api.POST('/api/auth/register', { body })),
  });

  const confirm = useMutation({
    mutationFn: (body: Confirmation) => unwrap(api.POST('/api/auth/confirm', { body })),
    onSuccess: async (session, { email }) => {
      // The signed-in account confirming its address (the banner) stays on screen and is read again
      // (it may bind bots now); a new registration is someone new, as after a sign-in.
      const samePerson = client.getQueryData<Me>(keys.me)?.email === email;
      if (!samePerson) client.clear();
      setSessionToken(session.token);
      if (samePerson) await client.invalidateQueries();
    },
  });

  const resend = useMutation({
    mutationFn: (email: string) => unwrap(api.POST('/api/auth/resend', { body: { email } })),
  });

  /**
   * Ends the current session on the service. An admin signed in as someone goes back to their own
   * session kept aside with `{ backToAdmin: true }` (the banner); otherwise that one ends too and the
   * app returns to sign-in. A failed logout call still signs out here: the token is forgotten either way.
   */
  const signOut = async ({ backToAdmin = false } = {}) => {
    const adminToken = asideAdminToken();
    await api.POST('/api/auth/logout').catch(() => undefined);
    if (adminToken && backToAdmin) {
      // endImpersonation tells main.tsx, which re-reads everything as the admin.
      endImpersonation();
      navigate('/admin/users');
      return;
    }
    if (adminToken) await endSession(adminToken);
    setSessionToken(null);
    client.clear();
    navigate('/login');
  };

  return { login, register, confirm, resend, signOut };
}

/** Signs out a session other than the current one (the API client always sends the current one). */
function endSession(token: string): Promise<unknown> {
  return fetch('/api/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` } }).catch(
    () => undefined,
  );
}
