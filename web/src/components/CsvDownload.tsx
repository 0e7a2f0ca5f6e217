import { useState } from 'react';
import { ApiError } from '../api/client';
import { sessionToken } from '../api/session';
import { t } from '../i18n';
import { ErrorMessage } from './feedback';

/**
 * «Скачать CSV»: the session travels in a header, which a plain link cannot send, so the file is fetched and handed
 * to the browser as a blob under the name the service gave it.
 */
export function CsvDownload({ path, label = t('csv.download') }: { path: string; label?: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const token = sessionToken();
      const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        throw new ApiError(response.status, body?.message ?? `${response.status} ${response.statusText}`);
      }
      const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'export.csv';
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      link.click();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="button-secondary" disabled={busy} onClick={download}>
        {busy ? t('csv.preparing') : label}
      </button>
      <ErrorMessage error={error} />
    </>
  );
}
