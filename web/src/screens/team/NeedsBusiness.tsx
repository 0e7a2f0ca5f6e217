import { Link } from '../../app/router';
import { t } from '../../i18n';

/** Teams come with the business plan: the owner is pointed to it, a member told who can change it. */
export function NeedsBusiness({ owner }: { owner: boolean }) {
  return (
    <div className="empty">
      <h3>{t('team.business.title')}</h3>
      <p>{t('team.business.text')}</p>
      {owner ? (
        <Link href="/billing">{t('team.business.action')}</Link>
      ) : (
        <p className="muted">{t('team.business.member')}</p>
      )}
    </div>
  );
}
