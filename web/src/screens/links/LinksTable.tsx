import { TrackedLink, useDeleteLink } from '../../api/queries/useLinks';
import { Link } from '../../app/router';
import { ConfirmButton } from '../../components/ConfirmButton';
import { CopyButton } from '../../components/CopyButton';
import { TableWrap } from '../../components/TableWrap';
import { formatDate, formatNumber, t } from '../../i18n';

/** What the owner calls the link: its name, or where it leads when it has none. */
export const linkLabel = (link: TrackedLink) => link.name ?? link.url;

/** The links with their short URLs to copy and their clicks; a link's name opens its clicks by day. */
export function LinksTable({
  botId,
  links,
  selectedId,
  hrefFor,
  canWrite,
  onDeleted,
}: {
  botId: string;
  links: TrackedLink[];
  selectedId: string | null;
  hrefFor: (link: TrackedLink) => string;
  canWrite: boolean;
  onDeleted: (link: TrackedLink) => void;
}) {
  const remove = useDeleteLink(botId);
  return (
    <TableWrap label={t('links.title')}>
      <table className="links">
        <thead>
          <tr>
            <th scope="col">{t('links.col.link')}</th>
            <th scope="col">{t('links.col.short')}</th>
            <th scope="col" className="num">
              {t('links.col.clicks')}
            </th>
            <th scope="col" className="num">
              {t('links.col.unique')}
            </th>
            <th scope="col">{t('links.col.created')}</th>
            {canWrite && (
              <th scope="col">
                <span className="visually-hidden">{t('links.col.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {links.map((link) => (
            <tr key={link.id} className={link.id === selectedId ? 'row-selected' : undefined}>
              <td className="wrap link-cell">
                <Link
                  href={hrefFor(link)}
                  aria-current={link.id === selectedId ? 'true' : undefined}
                  aria-label={t('links.showClicks', { name: linkLabel(link) })}
                >
                  {linkLabel(link)}
                </Link>
                {link.name && <span className="cell-note muted link-target">{link.url}</span>}
              </td>
              <td>
                <div className="short-link">
                  <code>{link.short_url}</code>
                  <CopyButton value={link.short_url} label={link.short_url} />
                </div>
              </td>
              <td className="num">{formatNumber(link.clicks)}</td>
              <td className="num">{formatNumber(link.unique_clicks)}</td>
              <td>{formatDate(link.created_at)}</td>
              {canWrite && (
                <td>
                  <ConfirmButton
                    label={t('links.delete')}
                    ariaLabel={t('links.deleteLabel', { name: linkLabel(link) })}
                    question={t('links.deleteConfirm', { name: linkLabel(link), short_url: link.short_url })}
                    confirmLabel={t('links.deleteYes')}
                    action={() => remove.mutateAsync(link.id).then(() => onDeleted(link))}
                  />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
