import { useId } from 'react';
import type { ReplyKind } from '../api/queries/useDialogs';
import { t } from '../i18n';
import { formatBytes, kindOfFile, MAX_FILE_BYTES } from './files';

export interface PickedFile {
  blob: File;
  kind: ReplyKind;
}

const KINDS: ReplyKind[] = ['photo', 'audio', 'file'];

/**
 * Choose one file and how it is sent (photo, audio or document; guessed from its type, changeable).
 * A file over 50 MB is refused here with the service's limit, before any upload.
 */
export function FilePicker({
  value,
  onChange,
  disabled,
}: {
  value: PickedFile | null;
  onChange: (file: PickedFile | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const tooLarge = value !== null && value.blob.size > MAX_FILE_BYTES;
  return (
    <div className="file-picker">
      <input
        id={id}
        type="file"
        className="visually-hidden file-input"
        disabled={disabled}
        onChange={(event) => {
          const blob = event.target.files?.[0];
          onChange(blob ? { blob, kind: kindOfFile(blob) } : null);
          // The same file can be chosen again after it was removed.
          event.target.value = '';
        }}
      />
      <label htmlFor={id} className="button button-secondary file-button">
        {value ? t('file.replace') : t('file.attach')}
      </label>
      {value && (
        <div className="file-chosen">
          <span className="file-name">
            {value.blob.name} <span className="muted">({formatBytes(value.blob.size)})</span>
          </span>
          <span className="file-kind">
            <label htmlFor={`${id}-kind`}>{t('file.kind')}</label>
            <select
              id={`${id}-kind`}
              value={value.kind}
              onChange={(event) => onChange({ ...value, kind: event.target.value as ReplyKind })}
            >
              {KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`file.kind.${kind}`)}
                </option>
              ))}
            </select>
          </span>
          <button type="button" className="button-link" onClick={() => onChange(null)}>
            {t('file.remove')}
          </button>
        </div>
      )}
      {tooLarge && (
        <p className="field-error" role="alert">
          {t('file.tooLarge')}
        </p>
      )}
    </div>
  );
}

export function fileTooLarge(file: PickedFile | null): boolean {
  return file !== null && file.blob.size > MAX_FILE_BYTES;
}
