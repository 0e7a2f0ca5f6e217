/**
 * The header that signs a request in, with a session token or an API key (both are bearer tokens):
 * `request(url).get(path).set(bearer(owner))`. Takes the token or anything that carries one (a signed-in user).
 */
export function bearer(session: string | { token: string }): { Authorization: string } {
  return { Authorization: `Bearer ${typeof session === 'string' ? session : session.token}` };
}
