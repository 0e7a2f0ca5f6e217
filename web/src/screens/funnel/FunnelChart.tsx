import type { FunnelResult, FunnelStage } from '../../api/queries/useFunnel';
import { formatNumber, locale, t } from '../../i18n';
import { overallConversion } from './stages';

const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });

export function formatConversion(value: number | null): string {
  return value === null ? '—' : percent.format(value);
}

/** What a stage waits for, in words: `команда /start`, `текст содержит «цена»`, `намерение delivery`. */
export function describeStage(stage: FunnelStage | undefined): string {
  if (!stage) return '';
  if (stage.type === 'payment')
    return stage.payload_prefix
      ? t('funnel.describe.paymentPrefix', { value: stage.payload_prefix })
      : t('funnel.describe.payment');
  const value = stage.value ?? '';
  if (stage.type === 'command') return t('funnel.describe.command', { value });
  if (stage.type === 'intent') return t('funnel.describe.intent', { value });
  if (stage.type === 'button')
    return t(stage.match === 'contains' ? 'funnel.describe.buttonContains' : 'funnel.describe.buttonExact', { value });
  return t(stage.match === 'contains' ? 'funnel.describe.contains' : 'funnel.describe.exact', { value });
}

/**
 * The funnel as horizontal bars, widest first: each stage's contacts, its share of the first stage
 * (the bar), and the conversion from the stage before. A list, so every number is also read aloud.
 */
export function FunnelChart({ result, config }: { result: FunnelResult; config: FunnelStage[] }) {
  const top = Math.max(1, ...result.stages.map((stage) => stage.reached));
  const overall = overallConversion(result.stages);
  return (
    <>
      <ol className="funnel">
        {result.stages.map((stage, index) => (
          <li key={`${index}-${stage.name}`} className="funnel-stage">
            <div className="funnel-label">
              <span className="funnel-index" aria-hidden="true">
                {index + 1}
              </span>
              <span className="strong">{stage.name}</span>
              <span className="muted funnel-condition">{describeStage(config[index])}</span>
            </div>
            <div className="funnel-track" aria-hidden="true">
              <div className="funnel-bar" style={{ width: `${(stage.reached / top) * 100}%` }} />
            </div>
            <div className="funnel-numbers">
              <span className="funnel-reached">{t('funnel.reached', { count: formatNumber(stage.reached) })}</span>
              {index > 0 && (
                <span className="funnel-conversion">
                  {t('funnel.fromPrevious', { value: formatConversion(stage.conversion) })}
                </span>
              )}
            </div>
          </li>
        ))}
      </ol>
      {result.stages.length > 1 && (
        <p className="funnel-overall">
          {t('funnel.overall')}: <span className="strong">{formatConversion(overall)}</span>
        </p>
      )}
    </>
  );
}
