import { useState } from 'react';
import { TrackedLink, useDeleteLink } from '../../api/queries/useLinks';
import { Link } from '../../app/router';
import { Confirm } from '../../components/Confirm';
import { CopyButton } from '../../components/CopyButton';
import { TableWrap } from '../../components/TableWrap';
import { formatDate, formatNumber, t } from '../../i18n';

/** What the owner calls the link: its name, or where it leads when it has none. */
export const linkLabel = (link: TrackedLink) => link.name ?? link.url;

/**
 * The links with their clicks first (on a phone the rest scrolls sideways), then the short URLs to copy; a link's
 * name opens its clicks by day. Deleting asks under the table, at full width, as cancelling a broadcast does: the
 * question names the address that stops working.
 */
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
  const [deleting, setDeleting] = useState<TrackedLink | null>(null);
  return (
    <>
      <TableWrap label={t('links.title')}>
        <table className="links">
          <thead>
            <tr>
              <th scope="col">{t('links.col.link')}</th>
              <th scope="col" className="num">
                {t('links.col.clicks')}
              </th>
              <th scope="col" className="num">
                {t('links.col.unique')}
              </th>
              <th scope="col">{t('links.col.short')}</th>
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
                <td className="num">{formatNumber(link.clicks)}</td>
                <td className="num">{formatNumber(link.unique_clicks)}</td>
                <td>
                  <div className="short-link">
                    <code>{link.short_url}</code>
                    <CopyButton value={link.short_url} label={link.short_url} />
                  </div>
                </td>
                <td>{formatDate(link.created_at)}</td>
                {canWrite && (
                  <td>
                    <button
                      type="button"
                      className="button-secondary button-danger-outline"
                      aria-label={t('links.deleteLabel', { name: linkLabel(link) })}
                      onClick={() => {
                        remove.reset();
                        setDeleting(link);
                      }}
                    >
                      {t('links.delete')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      {deleting && (
        <Confirm
          question={t('links.deleteConfirm', { name: linkLabel(deleting), short_url: deleting.short_url })}
          yes={t('links.deleteYes')}
          busy={remove.isPending}
          error={remove.error}
          onCancel={() => setDeleting(null)}
          onYes={() =>
            // A promise rather than mutate's callbacks: when the last link goes, this table unmounts before they run.
            remove.mutateAsync(deleting.id).then(
              () => {
                setDeleting(null);
                onDeleted(deleting);
              },
              () => undefined, // shown by the question as remove.error
            )
          }
        />
      )}
    </>
  );
}
