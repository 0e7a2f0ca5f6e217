import { FormEvent, useId, useState } from 'react';
import { ApiError } from '../../api/client';
import { TrackedLink, useCreateLink } from '../../api/queries/useLinks';
import { ErrorMessage, FieldError } from '../../components/feedback';
import { t } from '../../i18n';

/** The field a refusal of the create call belongs to: the service names `url` or `name` (src/common/messages.ts). */
export function placeOfLinkError(error: unknown): 'url' | 'name' | 'form' {
  if (!(error instanceof ApiError) || error.status !== 400) return 'form';
  if (error.message === 'неверный url') return 'url';
  if (error.message.startsWith('name ')) return 'name';
  return 'form';
}

/**
 * Creates a tracked link from a URL and an optional name. Only an empty URL is caught here: whether a URL is one
 * the service takes is the service's to say, and its `неверный url` is shown at the field.
 */
export function LinkForm({ botId, onCreated }: { botId: string; onCreated: (link: TrackedLink) => void }) {
  const create = useCreateLink(botId);
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [urlMissing, setUrlMissing] = useState(false);
  const ids = { url: useId(), name: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A pasted address may carry a space or a line break at its ends (the service refuses any space).
    const target = url.trim();
    if (!target) {
      setUrlMissing(true);
      return;
    }
    const label = name.trim();
    create.mutate(label ? { url: target, name: label } : { url: target }, {
      onSuccess: (link) => {
        setUrl('');
        setName('');
        onCreated(link);
      },
    });
  };

  const place = create.error ? placeOfLinkError(create.error) : null;
  const apiError = create.error instanceof Error ? create.error.message : null;
  const urlError = urlMissing ? t('links.form.urlMissing') : place === 'url' ? apiError : null;
  const nameError = place === 'name' ? apiError : null;

  return (
    <form className="stack link-form" onSubmit={submit} noValidate>
      <div className="link-form-fields">
        <div className="field">
          <label htmlFor={ids.url}>{t('links.form.url')}</label>
          <input
            id={ids.url}
            name="url"
            type="url"
            inputMode="url"
            value={url}
            required
            maxLength={2000}
            spellCheck={false}
            autoComplete="url"
            placeholder="https://shop.example/sale"
            aria-invalid={urlError ? true : undefined}
            aria-describedby={`${ids.url}-hint${urlError ? ` ${ids.url}-error` : ''}`}
            onChange={(event) => {
              create.reset();
              setUrlMissing(false);
              setUrl(event.target.value);
            }}
          />
          <p className="hint" id={`${ids.url}-hint`}>
            {t('links.form.urlHint')}
          </p>
          <FieldError id={`${ids.url}-error`} message={urlError} />
        </div>
        <div className="field">
          <label htmlFor={ids.name}>{t('links.form.name')}</label>
          <input
            id={ids.name}
            name="name"
            value={name}
            maxLength={200}
            autoComplete="off"
            placeholder="Осенняя распродажа"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={`${ids.name}-hint${nameError ? ` ${ids.name}-error` : ''}`}
            onChange={(event) => {
              create.reset();
              setName(event.target.value);
            }}
          />
          <p className="hint" id={`${ids.name}-hint`}>
            {t('links.form.nameHint')}
          </p>
          <FieldError id={`${ids.name}-error`} message={nameError} />
        </div>
      </div>
      {place === 'form' && <ErrorMessage error={create.error} />}
      <div className="row">
        <button type="submit" disabled={create.isPending}>
          {t('links.form.create')}
        </button>
      </div>
    </form>
  );
}
