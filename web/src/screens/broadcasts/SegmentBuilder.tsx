import { useId } from 'react';
import type { BroadcastPlatform } from '../../api/queries/useBroadcasts';
import { useIntents } from '../../api/queries/useIntents';
import { useSources } from '../../api/queries/useReports';
import { t } from '../../i18n';
import { sourceLabel } from '../../components/sources';
import type { SegmentDraft } from './segment';

/** Every filter of a closed broadcast's segment, and the platform; the choices come from the bot's own sources and intents. */
export function SegmentBuilder({
  botId,
  platform,
  draft,
  onPlatform,
  onChange,
}: {
  botId: string;
  platform: BroadcastPlatform;
  draft: SegmentDraft;
  onPlatform: (platform: BroadcastPlatform) => void;
  onChange: (draft: SegmentDraft) => void;
}) {
  const sources = useSources(botId);
  const intents = useIntents(botId);
  const rows = sources.data?.data ?? [];
  const sourceValues = [...new Set(rows.map((row) => row.source_value))];
  const campaigns = [...new Set(rows.map((row) => row.campaign_name).filter((name): name is string => !!name))];
  const set = (patch: Partial<SegmentDraft>) => onChange({ ...draft, ...patch });
  const ids = { platform: useId(), language: useId(), blocked: useId(), days: useId() };

  return (
    <fieldset className="segment">
      <legend>{t('broadcasts.segment')}</legend>
      <div className="segment-grid">
        <div className="field">
          <label htmlFor={ids.platform}>{t('broadcasts.platform')}</label>
          <select
            id={ids.platform}
            value={platform}
            onChange={(event) => onPlatform(event.target.value as BroadcastPlatform)}
          >
            <option value="all">{t('broadcasts.platform.all')}</option>
            <option value="telegram">{t('platform.telegram')}</option>
            <option value="max">{t('platform.max')}</option>
          </select>
        </div>
        <Choice
          label={t('broadcasts.source')}
          any={t('broadcasts.anySource')}
          value={draft.source_value}
          options={sourceValues.map((value) => ({ value, label: sourceLabel(value) }))}
          onChange={(source_value) => set({ source_value })}
        />
        <Choice
          label={t('broadcasts.campaign')}
          any={t('broadcasts.anyCampaign')}
          value={draft.campaign_name}
          options={campaigns.map((name) => ({ value: name, label: name }))}
          onChange={(campaign_name) => set({ campaign_name })}
        />
        <Choice
          label={t('broadcasts.intent')}
          any={t('broadcasts.anyIntent')}
          value={draft.intent}
          options={intents.data?.data.map((intent) => ({ value: intent.name, label: intent.name })) ?? []}
          onChange={(intent) => set({ intent })}
        />
        <div className="field">
          <label htmlFor={ids.language}>{t('broadcasts.language')}</label>
          <input
            id={ids.language}
            value={draft.language_code}
            maxLength={200}
            placeholder="ru"
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => set({ language_code: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.days}>{t('broadcasts.activeDays')}</label>
          <input
            id={ids.days}
            type="number"
            inputMode="numeric"
            min={1}
            max={3650}
            step={1}
            value={draft.active_within_days}
            placeholder={t('broadcasts.anyTime')}
            onChange={(event) => set({ active_within_days: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.blocked}>{t('broadcasts.blocked')}</label>
          <select
            id={ids.blocked}
            value={draft.blocked}
            onChange={(event) => set({ blocked: event.target.value as SegmentDraft['blocked'] })}
          >
            <option value="exclude">{t('broadcasts.blocked.exclude')}</option>
            <option value="only">{t('broadcasts.blocked.only')}</option>
          </select>
        </div>
      </div>
    </fieldset>
  );
}

/** A filter chosen from what the bot has seen; the empty choice means any. */
function Choice({
  label,
  any,
  value,
  options,
  onChange,
}: {
  label: string;
  any: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
