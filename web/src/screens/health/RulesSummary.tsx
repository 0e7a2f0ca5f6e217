import type { Bot } from '../../api/queries/useBots';
import { formatDuration } from '../../components/duration';
import { formatNumber, t } from '../../i18n';

/** The rules in force, for those who may read but not change them. */
export function RulesSummary({ bot }: { bot: Bot }) {
  const { alerts } = bot;
  const off = t('health.rules.off');
  const rows = [
    { label: t('health.rules.reply_window_s'), value: formatDuration(bot.reply_window_s * 1000) },
    {
      label: t('health.rules.silenceTitle'),
      value: alerts.silence
        ? t('health.rules.silenceOn', {
            messages: formatNumber(alerts.silence_messages),
            minutes: formatNumber(alerts.silence_minutes),
          })
        : off,
    },
    {
      label: t('health.rules.errorsTitle'),
      value: alerts.errors ? t('health.rules.errorsOn', { share: formatNumber(alerts.error_share) }) : off,
    },
    { label: t('health.rules.targetTitle'), value: alerts.target ? t('health.rules.on') : off },
    {
      label: t('health.rules.pollingTitle'),
      value: alerts.polling ? t('health.rules.pollingOn', { minutes: formatNumber(alerts.polling_minutes) }) : off,
    },
  ];
  return (
    <dl className="rules-summary">
      {rows.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
