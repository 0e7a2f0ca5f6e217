import { useAuth } from '../api/queries/useAuth';
import type { Me } from '../api/queries/useMe';
import { t } from '../i18n';

/** While an admin works as someone else, every screen says so and offers the way back. */
export function ImpersonationBanner({ me }: { me: Me }) {
  const { signOut } = useAuth();
  if (!me.impersonated_by) return null;
  return (
    <div className="impersonation" role="region" aria-label={t('impersonation.label')}>
      <p>{t('impersonation.text', { email: me.email, admin: me.impersonated_by.email })}</p>
      <button type="button" onClick={() => signOut({ backToAdmin: true })}>
        {t('impersonation.back')}
      </button>
    </div>
  );
}
