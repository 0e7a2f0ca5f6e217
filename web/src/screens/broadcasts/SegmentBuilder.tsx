import { useId } from 'react';
import type { BroadcastPlatform } from '../../api/queries/useBroadcasts';
import { useIntents } from '../../api/queries/useIntents';
import { useSources } from '../../api/queries/useReports';
import { t } from '../../i18n';
import type { SegmentDraft } from './segment';

const UNMAPPED = '— unmapped';

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
  const ids = { platform: useId(), source: useId(), campaign: useId(), intent: useId(), language: useId(), blocked: useId(), days: useId() };

  return (
    <fieldset className="segment">
      <legend>{t('broadcasts.segment')}</legend>
      <div className="segment-grid">
        <div className="field">
          <label htmlFor={ids.platform}>{t('broadcasts.platform')}</label>
          <select id={ids.platform} value={platform} onChange={(event) => onPlatform(event.target.value as BroadcastPlatform)}>
            <option value="all">{t('broadcasts.platform.all')}</option>
            <option value="telegram">{t('platform.telegram')}</option>
            <option value="max">{t('platform.max')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.source}>{t('broadcasts.source')}</label>
          <select id={ids.source} value={draft.source_value} onChange={(event) => set({ source_value: event.target.value })}>
            <option value="">{t('broadcasts.anySource')}</option>
            {sourceValues.map((value) => (
              <option key={value} value={value}>
                {value === UNMAPPED ? t('sources.unmapped') : value}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.campaign}>{t('broadcasts.campaign')}</label>
          <select id={ids.campaign} value={draft.campaign_name} onChange={(event) => set({ campaign_name: event.target.value })}>
            <option value="">{t('broadcasts.anyCampaign')}</option>
            {campaigns.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.intent}>{t('broadcasts.intent')}</label>
          <select id={ids.intent} value={draft.intent} onChange={(event) => set({ intent: event.target.value })}>
            <option value="">{t('broadcasts.anyIntent')}</option>
            {intents.data?.data.map((intent) => (
              <option key={intent.id} value={intent.name}>
                {intent.name}
              </option>
            ))}
          </select>
        </div>
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
          <select id={ids.blocked} value={draft.blocked} onChange={(event) => set({ blocked: event.target.value as SegmentDraft['blocked'] })}>
            <option value="exclude">{t('broadcasts.blocked.exclude')}</option>
            <option value="only">{t('broadcasts.blocked.only')}</option>
          </select>
        </div>
      </div>
    </fieldset>
  );
}
