import { Link } from '../app/router';
import { t } from '../i18n';

/** Previous / next links of a paged list whose page lives in the URL, so a page can be bookmarked. */
export function Pager({ page, pages, urlOf }: { page: number; pages: number; urlOf: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('contacts.page', { page, pages })}>
      <Link href={urlOf(page - 1)} aria-disabled={page <= 1} className={page <= 1 ? 'disabled' : undefined}>
        {t('contacts.prev')}
      </Link>
      <span>{t('contacts.page', { page, pages })}</span>
      <Link href={urlOf(page + 1)} aria-disabled={page >= pages} className={page >= pages ? 'disabled' : undefined}>
        {t('contacts.next')}
      </Link>
    </nav>
  );
}
