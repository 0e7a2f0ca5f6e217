import { TableWrap } from '../../components/TableWrap';
import { FormEvent, useState } from 'react';
import { Bot, useBots, useCreateBot } from '../../api/queries/useBots';
import { useCanWrite } from '../../api/queries/useMe';
import { Link, navigate } from '../../app/router';
import { EmptyState, ErrorMessage, QueryState } from '../../components/feedback';
import { Field } from '../../components/Field';
import { formatDate, t } from '../../i18n';
import { BotBadges } from './BotBadges';

export default function BotsPage() {
  const bots = useBots();
  const canWrite = useCanWrite();
  return (
    <>
      <h1>{t('bots.title')}</h1>
      <QueryState query={bots}>
        {({ data }) =>
          data.length === 0 ? (
            <EmptyState>{canWrite ? t('bots.empty') : t('bots.emptyObserver')}</EmptyState>
          ) : (
            <BotList bots={data} />
          )
        }
      </QueryState>
      {canWrite && <BindBotForm />}
    </>
  );
}

function BotList({ bots }: { bots: Bot[] }) {
  return (
    <TableWrap label={t('bots.title')}>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('bots.col.name')}</th>
            <th scope="col">{t('bots.col.platform')}</th>
            <th scope="col">{t('bots.col.mode')}</th>
            <th scope="col">{t('bots.col.created')}</th>
          </tr>
        </thead>
        <tbody>
          {bots.map((bot) => (
            <tr key={bot.id}>
              <td>
                <Link href={`/bots/${bot.id}`} className="strong">
                  {bot.name}
                </Link>
                {bot.username && <span className="muted"> @{bot.username}</span>}
                {bot.open_alerts.length > 0 && (
                  <>
                    {' '}
                    <Link href={`/bots/${bot.id}/health`} className="badge badge-alert">
                      {t('bots.alertMark')}
                    </Link>
                  </>
                )}
              </td>
              <td>{t(`platform.${bot.platform}`)}</td>
              <td>
                <BotBadges bot={bot} />
              </td>
              <td>{formatDate(bot.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

function BindBotForm() {
  const create = useCreateBot();
  const [platform, setPlatform] = useState<'telegram' | 'max'>('telegram');
  const [name, setName] = useState('');
  const [token, setToken] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { platform, name: name.trim(), utm_key: 'utm_source', ...(token.trim() ? { token: token.trim() } : {}) },
      { onSuccess: (bot) => navigate(`/bots/${bot.id}/settings`) },
    );
  };
  return (
    <section className="card" aria-labelledby="bind-title">
      <h2 id="bind-title">{t('bots.add.title')}</h2>
      <form onSubmit={submit} className="stack">
        <fieldset className="segmented">
          <legend>{t('bots.add.platform')}</legend>
          {(['telegram', 'max'] as const).map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="platform"
                value={value}
                checked={platform === value}
                onChange={() => setPlatform(value)}
              />
              {t(`platform.${value}`)}
            </label>
          ))}
        </fieldset>
        <Field
          label={t('bots.add.name')}
          name="name"
          required
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Field
          label={t('bots.add.token')}
          name="token"
          autoComplete="off"
          spellCheck={false}
          hint={t('bots.add.tokenHint')}
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />
        <ErrorMessage error={create.error} />
        <button type="submit" disabled={create.isPending}>
          {t('bots.add.submit')}
        </button>
      </form>
    </section>
  );
}
