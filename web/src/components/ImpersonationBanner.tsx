import { api } from '../api/client';
import type { Me } from '../api/queries/useMe';
import { endImpersonation } from '../api/session';
import { navigate } from '../app/router';
import { t } from '../i18n';

/** While an admin works as someone else, every screen says so and offers the way back. */
export function ImpersonationBanner({ me }: { me: Me }) {
  if (!me.impersonated_by) return null;
  const goBack = async () => {
    // The session as the user ends here; the admin's own one (kept aside) takes over.
    await api.POST('/api/auth/logout').catch(() => undefined);
    endImpersonation();
    navigate('/admin/users');
  };
  return (
    <div className="impersonation" role="region" aria-label={t('impersonation.label')}>
      <p>{t('impersonation.text', { email: me.email, admin: me.impersonated_by.email })}</p>
      <button type="button" onClick={goBack}>
        {t('impersonation.back')}
      </button>
    </div>
  );
}
