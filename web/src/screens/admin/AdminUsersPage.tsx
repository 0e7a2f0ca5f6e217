import { Fragment, useEffect, useId, useState } from 'react';
import { ADMIN_PAGE, AdminUser, useAdminUsers } from '../../api/queries/useAdmin';
import { useTariffs } from '../../api/queries/useBilling';
import { navigate, useSearchParam } from '../../app/router';
import { EmptyState, QueryState } from '../../components/feedback';
import { Pager, pageFrom, withQuery } from '../../components/Pager';
import { TableWrap } from '../../components/TableWrap';
import { formatDate, formatNumber, t } from '../../i18n';
import { AdminOnly } from './AdminOnly';
import { UserPanel } from './UserPanel';

/** Live accounts: find by address, then change the role or plan, sign in as, read and revoke keys, delete. */
export default function AdminUsersPage() {
  return (
    <AdminOnly>
      <h1>{t('adminUsers.title')}</h1>
      <Users />
    </AdminOnly>
  );
}

/** The search and the page live in the URL (`?email=&page=`). */
function Users() {
  const email = useSearchParam('email') ?? '';
  const page = pageFrom(useSearchParam('page'));
  const users = useAdminUsers(email, (page - 1) * ADMIN_PAGE);
  const [typed, setTyped] = useState(email);
  const [open, setOpen] = useState<string | null>(null);
  const searchId = useId();

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (typed.trim() !== email) navigate(withQuery('/admin/users', { email: typed.trim() }), { replace: true });
    }, 300);
    return () => window.clearTimeout(timer);
  }, [typed, email]);

  return (
    <>
      <div className="toolbar">
        <label htmlFor={searchId} className="visually-hidden">
          {t('adminUsers.search')}
        </label>
        <input
          id={searchId}
          type="search"
          placeholder={t('adminUsers.search')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        {users.data && <span className="muted">{t('contacts.total', { total: formatNumber(users.data.total) })}</span>}
      </div>
      <QueryState query={users}>
        {({ data, total }) => (
          <>
            {data.length === 0 && (
              <EmptyState>{email ? t('adminUsers.notFound', { email }) : t('adminUsers.empty')}</EmptyState>
            )}
            {data.length > 0 && (
              <TableWrap label={t('adminUsers.title')}>
                <table className="admin-users">
                  <thead>
                    <tr>
                      <th scope="col">{t('adminUsers.col.email')}</th>
                      <th scope="col">{t('adminUsers.col.role')}</th>
                      <th scope="col">{t('adminUsers.col.tariff')}</th>
                      <th scope="col" className="num">
                        {t('adminUsers.col.bots')}
                      </th>
                      <th scope="col" className="num">
                        {t('adminUsers.col.messages')}
                      </th>
                      <th scope="col">{t('adminUsers.col.created')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.map((user) => (
                      <Fragment key={user.id}>
                        <UserRow
                          user={user}
                          open={open === user.id}
                          onToggle={() => setOpen(open === user.id ? null : user.id)}
                        />
                        {open === user.id && (
                          <tr className="panel-row">
                            <td colSpan={6}>
                              <UserPanel user={user} />
                            </td>
                          </tr>
                        )}
                      </Fragment>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
            )}
            <Pager
              page={page}
              pages={Math.ceil(total / ADMIN_PAGE)}
              hrefFor={(p) => withQuery('/admin/users', { email, page: p })}
            />
          </>
        )}
      </QueryState>
    </>
  );
}

function UserRow({ user, open, onToggle }: { user: AdminUser; open: boolean; onToggle: () => void }) {
  const tariffs = useTariffs();
  return (
    <tr>
      <td>
        <button type="button" className="button-link strong" aria-expanded={open} onClick={onToggle}>
          {user.email}
        </button>
        {!user.email_confirmed && <span className="badge badge-off">{t('adminUsers.unconfirmed')}</span>}
      </td>
      <td>{t(`admin.role.${user.role}`)}</td>
      <td>{tariffs.data?.data.find((plan) => plan.code === user.tariff)?.name ?? user.tariff}</td>
      <td className="num">{formatNumber(user.bots_count)}</td>
      <td className="num">{formatNumber(user.messages_this_month)}</td>
      <td>{formatDate(user.created_at)}</td>
    </tr>
  );
}
