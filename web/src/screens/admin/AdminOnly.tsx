import type { ReactNode } from 'react';
import { useMe } from '../../api/queries/useMe';
import { QueryState } from '../../components/feedback';
import { t } from '../../i18n';

/** Administration is for global admins only: anyone else is told so, and nothing is asked of the API. */
export function AdminOnly({ children }: { children: ReactNode }) {
  return (
    <QueryState query={useMe()}>
      {(me) =>
        me.role === 'admin' ? (
          children
        ) : (
          <div className="alert alert-error" role="alert">
            {t('error.forbidden')}
          </div>
        )
      }
    </QueryState>
  );
}
