import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';
import { asideAdminToken, endImpersonation, sessionToken, setSessionToken } from './session';

/** An API answer that was not 2xx, carrying the service's own `{ message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const withSession: Middleware = {
  onRequest({ request }) {
    const token = sessionToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
  onResponse({ request, response }) {
    // A session that ended elsewhere (sign-out, expiry) sends the app back to sign-in; one opened
    // by "sign in as" gives the admin their own session back. Only the session the call carried:
    // a late answer to a session already swapped out says nothing about the current one.
    if (
      response.status === 401 &&
      sessionToken() &&
      request.headers.get('Authorization') === `Bearer ${sessionToken()}`
    ) {
      if (asideAdminToken()) endImpersonation();
      else setSessionToken(null);
    }
    return response;
  },
};

// `fetch` is looked up at each call, not taken once when the client is made: whatever stands in for it now answers
// (the component tests replace it per file, in one shared page).
export const api = createClient<paths>({
  baseUrl: window.location.origin,
  fetch: (request: Request) => globalThis.fetch(request),
});
api.use(withSession);

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The body of a 2xx answer, or an ApiError with the API's message. */
export async function unwrap<T>(call: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  throw new ApiError(response.status, messageOf(error) ?? `${response.status} ${response.statusText}`);
}

function messageOf(error: unknown): string | null {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
    return error.message;
  return null;
}

/**
 * A multipart body for openapi-fetch: the typed fields go in as form fields, Blobs as files, and the
 * browser sets the boundary. Used with `bodySerializer` so the call keeps the route's body type.
 */
export function toFormData(fields: Record<string, string | Blob | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  return form;
}
