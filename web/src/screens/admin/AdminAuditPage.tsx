import { ADMIN_PAGE, AuditEntry, useAudit } from '../../api/queries/useAdmin';
import { useSearchParam } from '../../app/router';
import { EmptyState, QueryState } from '../../components/feedback';
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
  return (
    <QueryState query={useAudit((page - 1) * ADMIN_PAGE)}>
      {(audit) => <AuditEntries audit={audit} page={page} />}
    </QueryState>
  );
}

function AuditEntries({ audit, page }: { audit: { data: AuditEntry[]; total: number }; page: number }) {
  if (audit.data.length === 0) return <EmptyState>{t('audit.empty')}</EmptyState>;
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
            {audit.data.map((entry) => (
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
        pages={Math.ceil(audit.total / ADMIN_PAGE)}
        hrefFor={(p) => withQuery('/admin/audit', { page: p })}
      />
    </>
  );
}
