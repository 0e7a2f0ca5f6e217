import { useEffect, useState } from 'react';
import { t } from '../i18n';

const SHOWN_MS = 1500;

/**
 * Copies `value` to the clipboard and says so on the button for a moment: "Скопировано", or that it failed
 * (no clipboard permission, an insecure page), so nobody pastes an old clipboard believing it is the link.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (!result) return;
    const timer = window.setTimeout(() => setResult(null), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [result]);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      setResult('copied');
    } catch {
      setResult('failed');
    }
  };
  return (
    <button type="button" className="button-secondary" onClick={copy} aria-label={`${t('connect.copy')}: ${label}`}>
      {result === 'copied' ? t('connect.copied') : result === 'failed' ? t('connect.copyFailed') : t('connect.copy')}
    </button>
  );
}
