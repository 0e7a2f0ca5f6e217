import { useState } from 'react';
import type { TariffCode } from '../../api/queries/useBilling';
import { useTariffs } from '../../api/queries/useBilling';
import {
  AdminUser,
  useAdminRevokeKey,
  useDeleteUser,
  useImpersonate,
  UpdateUser,
  useUpdateUser,
  useUserApiKeys,
} from '../../api/queries/useAdmin';
import { useMe } from '../../api/queries/useMe';
import { beginImpersonation } from '../../api/session';
import { navigate } from '../../app/router';
import { ConfirmButton } from '../../components/ConfirmButton';
import { ErrorMessage, Notice, QueryState } from '../../components/feedback';
import { formatDate, t } from '../../i18n';
import { RevokeKeyButton } from '../api-keys/RevokeKeyButton';

/** One account, opened from the list: its role and plan, signing in as it, its API keys, deletion. */
export function UserPanel({ user }: { user: AdminUser }) {
  const { data: me } = useMe();
  const self = me?.id === user.id;
  return (
    <div className="user-panel">
      <div className="user-panel-grid">
        <RoleAndTariff user={user} />
        <section aria-label={t('adminUsers.signInAs')}>
          <h3>{t('adminUsers.signInAs')}</h3>
          {user.role === 'admin' ? (
            <p className="muted">{t('adminUsers.cannotImpersonate')}</p>
          ) : (
            <SignInAs user={user} />
          )}
        </section>
      </div>
      <UserKeys user={user} />
      {!self && (
        <section aria-label={t('adminUsers.delete')}>
          <h3>{t('adminUsers.delete')}</h3>
          <DeleteUser user={user} />
        </section>
      )}
    </div>
  );
}

function RoleAndTariff({ user }: { user: AdminUser }) {
  const update = useUpdateUser(user.id);
  const tariffs = useTariffs();
  const [role, setRole] = useState(user.role);
  const [tariff, setTariff] = useState(user.tariff as TariffCode);
  const body: UpdateUser = {};
  if (role !== user.role) body.role = role;
  if (tariff !== user.tariff) body.tariff = tariff;
  const changed = Object.keys(body).length > 0;
  return (
    <section aria-label={t('adminUsers.account')}>
      <h3>{t('adminUsers.account')}</h3>
      <div className="row">
        <div className="field">
          <label htmlFor={`role-${user.id}`}>{t('adminUsers.col.role')}</label>
          <select
            id={`role-${user.id}`}
            value={role}
            onChange={(e) => (setRole(e.target.value as AdminUser['role']), update.reset())}
          >
            <option value="user">{t('admin.role.user')}</option>
            <option value="admin">{t('admin.role.admin')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`tariff-${user.id}`}>{t('adminUsers.col.tariff')}</label>
          <select
            id={`tariff-${user.id}`}
            value={tariff}
            onChange={(e) => (setTariff(e.target.value as TariffCode), update.reset())}
          >
            {tariffs.data?.data.map((plan) => (
              <option key={plan.code} value={plan.code}>
                {plan.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {changed && <p className="hint">{body.tariff ? t('adminUsers.tariffInvoice') : t('adminUsers.roleHint')}</p>}
      <ErrorMessage error={update.error} />
      {update.isSuccess && !changed && <Notice>{t('settings.saved')}</Notice>}
      <button type="button" disabled={!changed || update.isPending} onClick={() => update.mutate(body)}>
        {t('settings.save')}
      </button>
    </section>
  );
}

/** A one-hour session as the user; the admin's own token is kept aside for "go back" (the banner). */
function SignInAs({ user }: { user: AdminUser }) {
  const impersonate = useImpersonate(user.id);
  const start = () =>
    impersonate.mutate(undefined, {
      onSuccess: (session) => {
        beginImpersonation(session.token);
        navigate('/bots');
      },
    });
  return (
    <>
      <p className="muted">{t('adminUsers.signInAsHint')}</p>
      <ErrorMessage error={impersonate.error} />
      <button type="button" className="button-secondary" disabled={impersonate.isPending} onClick={start}>
        {t('adminUsers.signInAsButton', { email: user.email })}
      </button>
    </>
  );
}

function UserKeys({ user }: { user: AdminUser }) {
  const keys = useUserApiKeys(user.id);
  const revoke = useAdminRevokeKey();
  return (
    <section aria-label={t('adminUsers.keys')}>
      <h3>{t('adminUsers.keys')}</h3>
      <QueryState query={keys}>
        {({ data }) =>
          data.length === 0 ? (
            <p className="muted">{t('adminUsers.noKeys')}</p>
          ) : (
            <ul className="key-list">
              {data.map((key) => (
                <li key={key.id}>
                  <span className="strong">{key.name}</span> <code>{key.key_hint}</code>{' '}
                  <span className={key.status === 'active' ? 'badge badge-ok' : 'badge badge-off'}>
                    {t(`keys.status.${key.status}`)}
                  </span>{' '}
                  <span className="muted">{formatDate(key.created_at)}</span>{' '}
                  {key.status === 'active' && (
                    <RevokeKeyButton name={key.name} revoke={() => revoke.mutateAsync(key.id)} />
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function DeleteUser({ user }: { user: AdminUser }) {
  const remove = useDeleteUser(user.id);
  return (
    <ConfirmButton
      label={t('adminUsers.deleteButton')}
      question={t('adminUsers.deleteConfirm', { email: user.email })}
      confirmLabel={t('adminUsers.deleteYes')}
      action={() => remove.mutateAsync()}
    />
  );
}
