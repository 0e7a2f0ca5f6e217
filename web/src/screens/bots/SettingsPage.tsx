import { FormEvent, useState } from 'react';
import { Bot, UpdateBot, useDeleteBot, useUpdateBot } from '../../api/queries/useBots';
import { useCanWrite } from '../../api/queries/useMe';
import { navigate } from '../../app/router';
import { ErrorMessage, Notice } from '../../components/feedback';
import { Field } from '../../components/Field';
import { t } from '../../i18n';
import { ConnectionPanel } from './ConnectionPanel';

export default function SettingsPage({ bot }: { bot: Bot }) {
  const canWrite = useCanWrite();
  return (
    <div className="settings">
      <ConnectionPanel bot={bot} canWrite={canWrite} />
      {canWrite && <SettingsForm key={bot.id} bot={bot} />}
      {canWrite && <StateAndDelete bot={bot} />}
    </div>
  );
}

function SettingsForm({ bot }: { bot: Bot }) {
  const update = useUpdateBot(bot.id);
  const [name, setName] = useState(bot.name);
  // The token is never shown back: the field is for a new one.
  const [token, setToken] = useState('');
  const [removeToken, setRemoveToken] = useState(false);
  const [utmKey, setUtmKey] = useState(bot.utm_key);
  const [targetUrl, setTargetUrl] = useState(bot.target_url ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: UpdateBot = {
      name: name.trim(),
      utm_key: utmKey.trim(),
      target_url: targetUrl.trim() === '' ? null : targetUrl.trim(),
    };
    if (removeToken) body.token = null;
    else if (token.trim()) body.token = token.trim();
    update.mutate(body, {
      onSuccess: () => {
        setToken('');
        setRemoveToken(false);
      },
    });
  };
  return (
    <section className="card" aria-labelledby="settings-title">
      <h2 id="settings-title">{t('settings.title')}</h2>
      <form className="stack" onSubmit={submit}>
        <Field
          label={t('settings.name')}
          name="name"
          required
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Field
          label={t('settings.token')}
          name="token"
          autoComplete="off"
          spellCheck={false}
          disabled={removeToken}
          hint={t('settings.tokenHint')}
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />
        {bot.has_token && (
          <label className="check">
            <input type="checkbox" checked={removeToken} onChange={(event) => setRemoveToken(event.target.checked)} />
            {t('settings.removeToken')}
          </label>
        )}
        <Field
          label={t('settings.utmKey')}
          name="utm_key"
          required
          hint={t('settings.utmKeyHint')}
          value={utmKey}
          onChange={(event) => setUtmKey(event.target.value)}
        />
        <Field
          label={t('settings.targetUrl')}
          name="target_url"
          placeholder={t('settings.targetUrlPlaceholder')}
          spellCheck={false}
          hint={t('settings.targetUrlHint')}
          value={targetUrl}
          onChange={(event) => setTargetUrl(event.target.value)}
        />
        <ErrorMessage error={update.error} />
        {update.isSuccess && <Notice>{t('settings.saved')}</Notice>}
        <button type="submit" disabled={update.isPending}>
          {t('settings.save')}
        </button>
      </form>
    </section>
  );
}

function StateAndDelete({ bot }: { bot: Bot }) {
  const update = useUpdateBot(bot.id);
  const remove = useDeleteBot(bot.id);
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="card" aria-labelledby="state-title">
      <h2 id="state-title">{t('settings.state')}</h2>
      {!bot.active && <p className="alert alert-info">{t('settings.inactiveNote')}</p>}
      <div className="row">
        <button
          type="button"
          className="button-secondary"
          disabled={update.isPending}
          onClick={() => update.mutate({ active: !bot.active })}
        >
          {bot.active ? t('settings.deactivate') : t('settings.activate')}
        </button>
        {!confirming && (
          <button type="button" className="button-danger" onClick={() => setConfirming(true)}>
            {t('settings.delete')}
          </button>
        )}
      </div>
      <ErrorMessage error={update.error} />
      {confirming && (
        <div className="confirm" role="alertdialog" aria-labelledby="delete-question">
          <p id="delete-question">{t('settings.deleteConfirm', { name: bot.name })}</p>
          <div className="row">
            <button
              type="button"
              className="button-danger"
              disabled={remove.isPending}
              onClick={() => remove.mutate(undefined, { onSuccess: () => navigate('/bots') })}
            >
              {t('settings.deleteYes')}
            </button>
            <button type="button" className="button-secondary" onClick={() => setConfirming(false)}>
              {t('settings.cancel')}
            </button>
          </div>
          <ErrorMessage error={remove.error} />
        </div>
      )}
    </section>
  );
}
