import { ADMIN_PAGE, useAudit } from '../../api/queries/useAdmin';
import { useSearchParam } from '../../app/router';
import { EmptyState, ErrorMessage, Loading } from '../../components/feedback';
import { Pager, pageFrom, withQuery } from '../../components/Pager';
import { TableWrap } from '../../components/TableWrap';
import { formatDateTime, t } from '../../i18n';
import { AdminOnly } from './AdminOnly';
import { auditDetails } from './auditText';

/** What admins did, newest first: sign in as, role and plan changes, deletions, support answers, revoked keys. */
export default function AdminAuditPage() {
  return (
    <AdminOnly>
      <h1>{t('audit.title')}</h1>
      <AuditTable />
    </AdminOnly>
  );
}

function AuditTable() {
  const page = pageFrom(useSearchParam('page'));
  const audit = useAudit((page - 1) * ADMIN_PAGE);
  if (audit.error) return <ErrorMessage error={audit.error} onRetry={() => audit.refetch()} />;
  if (!audit.data) return <Loading />;
  if (audit.data.data.length === 0) return <EmptyState>{t('audit.empty')}</EmptyState>;
  return (
    <>
      <TableWrap label={t('audit.title')}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('audit.col.time')}</th>
              <th scope="col">{t('audit.col.actor')}</th>
              <th scope="col">{t('audit.col.action')}</th>
              <th scope="col">{t('audit.col.target')}</th>
              <th scope="col">{t('audit.col.details')}</th>
            </tr>
          </thead>
          <tbody>
            {audit.data.data.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(entry.created_at)}</td>
                <td>{entry.actor.email}</td>
                <td>{t(`audit.action.${entry.action}`)}</td>
                <td>{entry.target?.email ?? '—'}</td>
                <td className="wrap">{auditDetails(entry)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
      <Pager
        page={page}
        pages={Math.ceil(audit.data.total / ADMIN_PAGE)}
        hrefFor={(p) => withQuery('/admin/audit', { page: p })}
      />
    </>
  );
}
