import type { ReactNode } from 'react';
import { ApiError } from '../api/client';
import { t } from '../i18n';

/** The session API's generic 403 (src/common/messages.ts `forbidden`): our own sentence already says it. */
const API_FORBIDDEN = 'Недостаточно прав';
/** 403s about the bot's state, not the user's rights (src/common/messages.ts `botDeactivated`): shown as they are. */
const NOT_ABOUT_RIGHTS = ['Bot is deactivated'];

/** The API's own `{ message }`, shown as it is; a 403 says so plainly. Never swallowed. */
export function ErrorMessage({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  if (!error) return null;
  const message =
    error instanceof ApiError ? error.message : error instanceof TypeError ? t('error.network') : String(error);
  const forbidden = error instanceof ApiError && error.status === 403 && !NOT_ABOUT_RIGHTS.includes(message);
  return (
    <div className="alert alert-error" role="alert">
      {forbidden && message === API_FORBIDDEN
        ? t('error.forbidden')
        : forbidden && message !== t('error.forbidden')
          ? `${t('error.forbidden')}: ${message}`
          : message}
      {onRetry && (
        <button type="button" className="button-link" onClick={onRetry}>
          {t('error.retry')}
        </button>
      )}
    </div>
  );
}

/** A refusal shown under the field it is about; `id` is what the field's `aria-describedby` names. */
export function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {message}
    </p>
  );
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="alert alert-ok" role="status">
      {children}
    </div>
  );
}

/** What QueryState needs of a TanStack query (a `useQuery` result). */
interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  refetch: () => Promise<unknown>;
}

/**
 * A query's states, the same on every screen: "loading" until the first answer, the API's error
 * with a retry, then what `children` makes of the data. A later read that fails keeps the data in
 * view under its error; a query that is not enabled shows nothing.
 */
export function QueryState<T>({ query, children }: { query: QueryLike<T>; children: (data: T) => ReactNode }) {
  const error = query.error ? <ErrorMessage error={query.error} onRetry={() => void query.refetch()} /> : null;
  if (query.data !== undefined)
    return (
      <>
        {error}
        {children(query.data)}
      </>
    );
  if (error) return error;
  if (query.fetchStatus === 'idle') return null;
  return <Loading />;
}

export function Loading() {
  return (
    <p className="muted" role="status" aria-live="polite">
      {t('app.loading')}
    </p>
  );
}

/** An empty list or screen says what to do next. */
export function EmptyState({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className="empty">
      {title && <h3>{title}</h3>}
      {children}
    </div>
  );
}
