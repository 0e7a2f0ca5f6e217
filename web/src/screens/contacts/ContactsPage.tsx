import { TableWrap } from '../../components/TableWrap';
import { useEffect, useId, useState } from 'react';
import type { Bot } from '../../api/queries/useBots';
import { CONTACTS_PAGE, ContactRow, useContacts } from '../../api/queries/useContacts';
import { Link, navigate, useSearchParam } from '../../app/router';
import { CsvDownload } from '../../components/CsvDownload';
import { EmptyState, QueryState } from '../../components/feedback';
import { Pager } from '../../components/Pager';
import { formatDateTime, formatNumber, t } from '../../i18n';
import { contactName } from './names';

/** The search and the page live in the URL (`?q=&page=`), so a found list can be bookmarked and shared. */
export default function ContactsPage({ bot }: { bot: Bot }) {
  const q = useSearchParam('q') ?? '';
  const page = Math.max(1, Number(useSearchParam('page')) || 1);
  const contacts = useContacts(bot.id, q, (page - 1) * CONTACTS_PAGE);
  const searchId = useId();
  const [typed, setTyped] = useState(q);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (typed.trim() !== q) navigate(urlFor(bot.id, typed.trim(), 1), { replace: true });
    }, 300);
    return () => window.clearTimeout(timer);
  }, [typed, q, bot.id]);

  const total = contacts.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CONTACTS_PAGE));
  return (
    <>
      <div className="toolbar">
        <label htmlFor={searchId} className="visually-hidden">
          {t('contacts.search')}
        </label>
        <input
          id={searchId}
          type="search"
          placeholder={t('contacts.search')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        {contacts.data && <span className="muted">{t('contacts.total', { total: formatNumber(total) })}</span>}
        <CsvDownload path={`/api/bots/${bot.id}/contacts/export.csv`} />
      </div>
      <QueryState query={contacts}>
        {({ data }) =>
          data.length === 0 ? (
            <EmptyState>{q ? t('contacts.notFound', { q }) : t('contacts.empty')}</EmptyState>
          ) : (
            <ContactsTable botId={bot.id} rows={data} />
          )
        }
      </QueryState>
      <Pager page={page} pages={pages} hrefFor={(n) => urlFor(bot.id, q, n)} />
    </>
  );
}

function urlFor(botId: string, q: string, page: number): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return `/bots/${botId}/contacts${search ? `?${search}` : ''}`;
}

function ContactsTable({ botId, rows }: { botId: string; rows: ContactRow[] }) {
  return (
    <TableWrap label={t('contacts.title')}>
      <table className="contacts">
        <thead>
          <tr>
            <th scope="col">{t('contacts.name')}</th>
            <th scope="col">{t('contacts.username')}</th>
            <th scope="col">{t('contacts.source')}</th>
            <th scope="col">{t('contacts.campaign')}</th>
            <th scope="col">{t('contacts.firstSeen')}</th>
            <th scope="col">{t('contacts.lastSeen')}</th>
            <th scope="col" className="num">
              {t('contacts.messages')}
            </th>
            <th scope="col">{t('contacts.language')}</th>
            <th scope="col">{t('contacts.blocked')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>
                <Link href={`/bots/${botId}/contacts/${encodeURIComponent(row.external_user_id)}`} className="strong">
                  {contactName(row)}
                </Link>
              </td>
              <td>{row.username ? `@${row.username}` : '—'}</td>
              <td>{row.source_value ?? '—'}</td>
              <td>{row.campaign_name ?? '—'}</td>
              <td>{formatDateTime(row.first_seen_at)}</td>
              <td>{formatDateTime(row.last_seen_at)}</td>
              <td className="num">{formatNumber(row.messages_count)}</td>
              <td>{row.language_code ?? '—'}</td>
              <td>{row.blocked ? <span className="badge badge-off">{t('contacts.yes')}</span> : t('contacts.no')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
