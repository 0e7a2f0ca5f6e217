import { Link } from '../app/router';
import { t } from '../i18n';

/** Previous and next page as real links (the page is in the URL, so a page can be bookmarked). */
export function Pager({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('contacts.page', { page, pages })}>
      <Link href={hrefFor(page - 1)} aria-disabled={page <= 1} className={page <= 1 ? 'disabled' : undefined}>
        {t('contacts.prev')}
      </Link>
      <span>{t('contacts.page', { page, pages })}</span>
      <Link href={hrefFor(page + 1)} aria-disabled={page >= pages} className={page >= pages ? 'disabled' : undefined}>
        {t('contacts.next')}
      </Link>
    </nav>
  );
}

/** The 1-based page from `?page=`, never below 1. */
export function pageFrom(param: string | null): number {
  return Math.max(1, Math.floor(Number(param)) || 1);
}

/** The path with its query, leaving out empty values and page 1. */
export function withQuery(path: string, query: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '' || (name === 'page' && Number(value) <= 1)) continue;
    params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
