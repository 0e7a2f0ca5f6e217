import { FormEvent, useEffect, useId, useMemo, useState } from 'react';
import type { Bot } from '../../api/queries/useBots';
import { BroadcastPlatform, Segment, useBroadcastPreview, useCreateBroadcast } from '../../api/queries/useBroadcasts';
import { Confirm } from '../../components/Confirm';
import { ErrorMessage, Notice } from '../../components/feedback';
import { FilePicker, fileTooLarge, PickedFile } from '../../components/FilePicker';
import { charCount, textLimit } from '../../components/files';
import { formatDateTime, formatNumber, t } from '../../i18n';
import { EMPTY_SEGMENT, localTimeToIso, SegmentDraft, toSegment, viewerTimeZone } from './segment';
import { SegmentBuilder } from './SegmentBuilder';
import { AbDraft, placeOfBroadcastError, startAb, toAbFields, variantLetter } from './variants';
import { FieldError, VariantsEditor } from './VariantsEditor';

/** Typing in the segment asks for a new count once the typing pauses. */
const PREVIEW_DELAY_MS = 300;

/** The value once it has stopped changing for `delayMs`; compared as JSON, so an equal new object is no change. */
function useSettled<T>(value: T, delayMs: number): T {
  const text = JSON.stringify(value);
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(text), delayMs);
    return () => window.clearTimeout(timer);
  }, [text, delayMs]);
  return useMemo(() => JSON.parse(settled) as T, [settled]);
}

/** Why the broadcast cannot be sent as it is, or null. Numbers of an A/B test are left to the service, which names the field. */
function problemOf(input: {
  text: string;
  file: PickedFile | null;
  limit: number;
  ab: AbDraft | null;
  limitOf: (withFile: boolean) => number;
  later: boolean;
  sendAt: string | null;
  count: number | undefined;
}): string | null {
  if (input.ab) {
    for (const [index, variant] of input.ab.variants.entries()) {
      const withFile = input.file !== null && variant.file;
      const letter = variantLetter(index);
      if (!variant.text.trim() && !withFile) return t('broadcasts.ab.needText', { letter });
      if (charCount(variant.text) > input.limitOf(withFile))
        return t('broadcasts.ab.tooLong', { letter, limit: input.limitOf(withFile) });
    }
  } else {
    if (!input.text.trim() && !input.file) return t('broadcasts.needText');
    if (charCount(input.text) > input.limit) return t('broadcasts.tooLong', { limit: input.limit });
  }
  if (fileTooLarge(input.file)) return t('file.tooLarge');
  if (input.later && !input.sendAt) return t('broadcasts.needTime');
  // A scheduled broadcast chooses its recipients when it starts, so an empty audience now may fill up.
  if (!input.later && input.count === 0) return t('broadcasts.nobody');
  return null;
}

/**
 * Writes a closed broadcast: text (its limit counted as you type: 4000, or 1024 as a Telegram caption),
 * an optional file with its kind, the segment with the live recipient count, an optional send time in
 * the viewer's zone, and a confirmation that names the count before anything is sent.
 */
export function Composer({ bot }: { bot: Bot }) {
  const create = useCreateBroadcast(bot.id);
  const [text, setText] = useState('');
  const [file, setFile] = useState<PickedFile | null>(null);
  const [platform, setPlatform] = useState<BroadcastPlatform>('all');
  const [draft, setDraft] = useState<SegmentDraft>(EMPTY_SEGMENT);
  const [later, setLater] = useState(false);
  const [sendAtLocal, setSendAtLocal] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [trackLinks, setTrackLinks] = useState(false);
  /** null: one text for everyone; else the A/B test's variants. */
  const [ab, setAb] = useState<AbDraft | null>(null);
  const ids = { text: useId(), counter: useId(), sendAt: useId(), track: useId(), ab: useId() };

  const audience = useSettled<{ platform: BroadcastPlatform; segment: Segment }>(
    { platform, segment: toSegment(draft) },
    PREVIEW_DELAY_MS,
  );
  const preview = useBroadcastPreview(bot.id, audience.platform, audience.segment);
  const count = preview.data?.count;

  const limit = textLimit(bot.platform, file !== null);
  const length = charCount(text);
  const sendAt = later ? localTimeToIso(sendAtLocal) : null;
  const limitOf = (withFile: boolean) => textLimit(bot.platform, withFile);
  const problem = problemOf({ text, file, limit, ab, limitOf, later, sendAt, count });
  // Before anything is written, "write a text" needs no saying.
  const untouched = ab ? ab.variants.every((variant) => variant.text === '') : text === '';
  const shownProblem = untouched && !file ? null : problem;
  // A refusal that names a field is shown there; the rest in the confirmation, as before.
  const place = create.error ? placeOfBroadcastError(create.error) : null;
  const refusal = create.error instanceof Error ? create.error.message : null;
  const errorAt = (field: string) => (place?.field === field ? refusal : null);

  // Any change to the form clears the last answer and closes the question (the form's change event bubbles from every field).
  const touched = () => {
    create.reset();
    setDone(null);
    setConfirming(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    void preview.refetch();
    setConfirming(true);
  };
  const send = () =>
    create.mutate(
      {
        text,
        file: file?.blob ?? null,
        kind: file?.kind ?? null,
        platform,
        segment: toSegment(draft),
        sendAt,
        trackLinks,
        ab: ab ? toAbFields(ab, file !== null) : null,
      },
      {
        // A refusal of one field closes the question, so the field and its message are in view.
        onError: (error) => {
          if (placeOfBroadcastError(error).field !== 'form') setConfirming(false);
        },
        onSuccess: (broadcast) => {
          setConfirming(false);
          setDone(
            broadcast.status === 'scheduled'
              ? t('broadcasts.scheduled', { at: formatDateTime(broadcast.send_at) })
              : t('broadcasts.started'),
          );
          setText('');
          setAb(null);
          setFile(null);
          setLater(false);
          setSendAtLocal('');
        },
      },
    );

  const question = sendAt
    ? t('broadcasts.confirmLater', { at: formatDateTime(sendAt), count: formatNumber(count ?? 0) })
    : t('broadcasts.confirmNow', { count: formatNumber(count ?? 0) });

  return (
    <section className="card" aria-labelledby="composer-title">
      <h2 id="composer-title">{t('broadcasts.new')}</h2>
      <form className="stack" onSubmit={submit} onChange={touched} noValidate>
        <label className="check switch">
          <input
            type="checkbox"
            role="switch"
            checked={ab !== null}
            aria-describedby={`${ids.ab}-hint`}
            onChange={(event) => {
              // The first variant's text is kept as the one text when the test is switched off.
              if (!event.target.checked && ab) setText(ab.variants[0].text);
              setAb(event.target.checked ? startAb(text) : null);
            }}
          />
          {t('broadcasts.ab.switch')}
        </label>
        <p className="hint switch-hint" id={`${ids.ab}-hint`}>
          {t('broadcasts.ab.switchHint')}
        </p>
        {ab ? (
          <VariantsEditor
            value={ab}
            onChange={setAb}
            limitOf={(variant) => limitOf(file !== null && variant.file)}
            hasFile={file !== null}
            place={place}
            error={refusal}
          />
        ) : (
          <div className="field">
            <label htmlFor={ids.text}>{file ? t('broadcasts.caption') : t('broadcasts.text')}</label>
            <textarea
              id={ids.text}
              rows={5}
              value={text}
              aria-describedby={ids.counter}
              aria-invalid={length > limit || errorAt('text') ? true : undefined}
              onChange={(event) => setText(event.target.value)}
            />
            <p className={length > limit ? 'counter counter-over' : 'counter'} id={ids.counter}>
              {t('text.counter', { count: formatNumber(length), limit: formatNumber(limit) })}
              {file && bot.platform === 'telegram' && <span className="muted"> · {t('broadcasts.captionHint')}</span>}
            </p>
            <FieldError id={`${ids.text}-error`} message={errorAt('text')} />
          </div>
        )}
        {file && bot.platform === 'telegram' && ab && <p className="hint">{t('broadcasts.captionHint')}</p>}
        <div className="field">
          <label className="check switch">
            <input
              id={ids.track}
              type="checkbox"
              role="switch"
              name="track_links"
              checked={trackLinks}
              aria-invalid={errorAt('track_links') ? true : undefined}
              aria-describedby={`${ids.track}-hint${errorAt('track_links') ? ` ${ids.track}-error` : ''}`}
              onChange={(event) => setTrackLinks(event.target.checked)}
            />
            {t('broadcasts.trackLinks')}
          </label>
          <p className="hint switch-hint" id={`${ids.track}-hint`}>
            {t('broadcasts.trackLinksHint')}
          </p>
          <FieldError id={`${ids.track}-error`} message={errorAt('track_links')} />
        </div>
        <div className="field">
          <span className="field-label">{t('broadcasts.file')}</span>
          <FilePicker value={file} onChange={setFile} />
        </div>
        <SegmentBuilder botId={bot.id} platform={platform} draft={draft} onPlatform={setPlatform} onChange={setDraft} />
        <p className="audience" aria-live="polite">
          {t('broadcasts.recipients')}:{' '}
          <span className="audience-count">{count === undefined ? '…' : formatNumber(count)}</span>
          {preview.isFetching && <span className="muted"> · {t('broadcasts.counting')}</span>}
        </p>
        <ErrorMessage error={preview.error} />
        <fieldset className="when">
          <legend>{t('broadcasts.when')}</legend>
          <label className="check">
            <input type="radio" name="when" checked={!later} onChange={() => setLater(false)} />
            {t('broadcasts.now')}
          </label>
          <label className="check">
            <input type="radio" name="when" checked={later} onChange={() => setLater(true)} />
            {t('broadcasts.later')}
          </label>
          {later && (
            <div className="field">
              <label htmlFor={ids.sendAt}>{t('broadcasts.sendAt')}</label>
              <input
                id={ids.sendAt}
                type="datetime-local"
                value={sendAtLocal}
                aria-describedby={`${ids.sendAt}-hint`}
                onChange={(event) => setSendAtLocal(event.target.value)}
              />
              <p className="hint" id={`${ids.sendAt}-hint`}>
                {t('broadcasts.timeZone', { zone: viewerTimeZone() })}
              </p>
            </div>
          )}
        </fieldset>
        {shownProblem && <p className="hint">{shownProblem}</p>}
        {done && <Notice>{done}</Notice>}
        {!confirming && (
          <div className="row">
            <button type="submit" disabled={problem !== null || create.isPending}>
              {later ? t('broadcasts.schedule') : t('broadcasts.send')}
            </button>
          </div>
        )}
        {confirming && (
          <Confirm
            danger={false}
            question={question}
            yes={sendAt ? t('broadcasts.scheduleYes') : t('broadcasts.sendYes')}
            busy={create.isPending || preview.isFetching}
            error={place?.field === 'form' ? create.error : null}
            onCancel={() => setConfirming(false)}
            onYes={send}
          />
        )}
      </form>
    </section>
  );
}
