import { useId, useState } from 'react';
import { t } from '../i18n';

/** A read-only value with a copy button (mirror_url, proxy_url, snippets). */
export function CopyField({ label, value, multiline = false }: { label: string; value: string; multiline?: boolean }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(value).catch(() => undefined);
    setCopied(true);
    window.setTimeout(() => setCopied(false), 1500);
  };
  return (
    <div className="copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-row">
        {multiline ? (
          <textarea id={id} readOnly value={value} rows={value.split('\n').length} />
        ) : (
          <input id={id} readOnly value={value} />
        )}
        <button type="button" className="button-secondary" onClick={copy} aria-label={`${t('connect.copy')}: ${label}`}>
          {copied ? t('connect.copied') : t('connect.copy')}
        </button>
      </div>
    </div>
  );
}
