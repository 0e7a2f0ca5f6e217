import { FormEvent, useState } from 'react';
import {
  API_SCOPES,
  ApiKey,
  ApiScope,
  MAX_ACTIVE_KEYS,
  TeamApiKey,
  useApiKeys,
  useIssueApiKey,
  useRevokeApiKey,
  useTeamApiKeys,
} from '../../api/queries/useApiKeys';
import { useCanWrite, useMe } from '../../api/queries/useMe';
import { ChecksField } from '../../components/ChecksField';
import { EmptyState, ErrorMessage, QueryState } from '../../components/feedback';
import { Field } from '../../components/Field';
import { ShownOnce } from '../../components/ShownOnce';
import { TableWrap } from '../../components/TableWrap';
import { formatDate, formatDateTime, t } from '../../i18n';
import { endOfDay, tomorrow } from './expiry';
import { RevokeKeyButton } from './RevokeKeyButton';

/** Keys of the open API: issued here, shown once; the list shows hints, status and expiry; revoking asks first. */
export default function ApiKeysPage() {
  const keys = useApiKeys();
  const { data: me } = useMe();
  const canWrite = useCanWrite();
  // Owners and administrators manage the keys of everyone in the account.
  const team = useTeamApiKeys(canWrite);
  const [issued, setIssued] = useState<{ name: string; key: string } | null>(null);
  // Held here, not in the form: a refusal (a role lowered meanwhile) stays in view after the form goes.
  const issue = useIssueApiKey();
  const active = (keys.data?.data ?? []).filter((key) => key.status === 'active').length;

  return (
    <>
      <h1>{t('keys.title')}</h1>
      <p className="lead">{t('keys.intro')}</p>
      {issued && (
        <ShownOnce
          id="new-key"
          title={t('keys.once.title', { name: issued.name })}
          warning={t('keys.once.text')}
          fields={[
            { label: t('keys.once.label'), value: issued.key },
            {
              label: t('keys.once.example'),
              value: `curl -H "X-API-Key: ${issued.key}" ${window.location.origin}/api/v1/bots`,
            },
          ]}
          done={t('keys.once.done')}
          onDone={() => setIssued(null)}
        />
      )}
      <section className="card" aria-labelledby="my-keys">
        <div className="card-head">
          <h2 id="my-keys">{t('keys.mine')}</h2>
          <span className="muted">{t('keys.count', { count: active, max: MAX_ACTIVE_KEYS })}</span>
        </div>
        <QueryState query={keys}>
          {({ data }) =>
            data.length === 0 ? (
              <EmptyState>{canWrite ? t('keys.empty') : t('keys.emptyObserver')}</EmptyState>
            ) : (
              <KeyTable label={t('keys.mine')} keys={data} canRevoke={canWrite} />
            )
          }
        </QueryState>
      </section>
      {canWrite ? <IssueForm issue={issue} onIssued={setIssued} /> : <ErrorMessage error={issue.error} />}
      <QueryState query={team}>
        {({ data }) => <TeamKeys others={data.filter((key) => key.holder.user_id !== me?.id)} />}
      </QueryState>
    </>
  );
}

/** Shown once someone else in the account has a key: a lone owner's list would repeat their own. */
function TeamKeys({ others }: { others: TeamApiKey[] }) {
  if (others.length === 0) return null;
  return (
    <section className="card" aria-labelledby="team-keys">
      <h2 id="team-keys">{t('keys.team')}</h2>
      <p className="muted">{t('keys.teamHint')}</p>
      <KeyTable label={t('keys.team')} keys={others} canRevoke team />
    </section>
  );
}

function IssueForm({
  issue,
  onIssued,
}: {
  issue: ReturnType<typeof useIssueApiKey>;
  onIssued: (issued: { name: string; key: string }) => void;
}) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['read']);
  const [expires, setExpires] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    issue.mutate(
      { name: name.trim(), scopes, ...(expires ? { expires_at: endOfDay(expires) } : {}) },
      {
        onSuccess: (created) => {
          onIssued({ name: created.name, key: created.key });
          setName('');
          setExpires('');
          window.scrollTo(0, 0);
        },
      },
    );
  };
  return (
    <section className="card" aria-labelledby="issue-key">
      <h2 id="issue-key">{t('keys.issue.title')}</h2>
      <form className="stack" onSubmit={submit}>
        <Field
          label={t('keys.name')}
          name="name"
          required
          maxLength={100}
          placeholder={t('keys.namePlaceholder')}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <ChecksField
          legend={t('keys.scopes')}
          options={API_SCOPES.map((scope) => ({
            value: scope,
            label: (
              <>
                {t(`keys.scope.${scope}`)} <span className="muted">— {t(`keys.scopeHint.${scope}`)}</span>
              </>
            ),
          }))}
          value={scopes}
          onChange={setScopes}
        />
        <Field
          label={t('keys.expires')}
          name="expires"
          type="date"
          min={tomorrow()}
          hint={t('keys.expiresHint')}
          value={expires}
          onChange={(event) => setExpires(event.target.value)}
        />
        <ErrorMessage error={issue.error} />
        <div>
          <button type="submit" disabled={issue.isPending || scopes.length === 0}>
            {t('keys.issue.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}

function KeyTable({
  label,
  keys,
  canRevoke,
  team = false,
}: {
  label: string;
  keys: Array<ApiKey | TeamApiKey>;
  canRevoke: boolean;
  team?: boolean;
}) {
  const revoke = useRevokeApiKey(team);
  return (
    <TableWrap label={label}>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('keys.col.name')}</th>
            {team && <th scope="col">{t('keys.col.holder')}</th>}
            <th scope="col">{t('keys.col.hint')}</th>
            <th scope="col">{t('keys.col.scopes')}</th>
            <th scope="col">{t('keys.col.status')}</th>
            <th scope="col">{t('keys.col.created')}</th>
            <th scope="col">{t('keys.col.expires')}</th>
            <th scope="col">{t('keys.col.used')}</th>
            {canRevoke && (
              <th scope="col">
                <span className="visually-hidden">{t('keys.col.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id}>
              <td className="strong">{key.name}</td>
              {team && <td>{'holder' in key ? key.holder.email : ''}</td>}
              <td>
                <code>{key.key_hint}</code>
              </td>
              <td>{key.scopes.map((scope) => t(`keys.scope.${scope}`)).join(', ')}</td>
              <td>
                <KeyStatus status={key.status} />
              </td>
              <td>{formatDate(key.created_at)}</td>
              <td>{key.expires_at ? formatDate(key.expires_at) : t('keys.noExpiry')}</td>
              <td>{key.last_used_at ? formatDateTime(key.last_used_at) : t('keys.neverUsed')}</td>
              {canRevoke && (
                <td>
                  {key.status === 'active' && (
                    <RevokeKeyButton name={key.name} revoke={() => revoke.mutateAsync(key.id)} />
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function KeyStatus({ status }: { status: ApiKey['status'] }) {
  return (
    <span className={status === 'active' ? 'badge badge-ok' : 'badge badge-off'}>{t(`keys.status.${status}`)}</span>
  );
}
