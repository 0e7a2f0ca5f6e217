import type { ReactNode } from 'react';
import { useMe } from '../../api/queries/useMe';
import { Loading } from '../../components/feedback';
import { t } from '../../i18n';

/** Administration is for global admins only: anyone else is told so, and nothing is asked of the API. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { data: me } = useMe();
  if (!me) return <Loading />;
  if (me.role !== 'admin') {
    return (
      <div className="alert alert-error" role="alert">
        {t('error.forbidden')}
      </div>
    );
  }
  return <>{children}</>;
}
