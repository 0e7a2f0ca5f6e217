import type { Bot } from '../../api/queries/useBots';
import { useAlerts } from '../../api/queries/useHealth';
import { Link } from '../../app/router';
import { t } from '../../i18n';
import { alertSentence } from '../health/alertText';

/**
 * On every screen of a bot while one of its alerts is open: what happened and since when, with the way to the
 * «Здоровье» tab. The bot object says whether any is open; the details are read only then.
 */
export function AlertBanner({ bot, onHealthTab }: { bot: Bot; onHealthTab: boolean }) {
  const anyOpen = bot.open_alerts.length > 0;
  const open = useAlerts(bot.id, 'open', { enabled: anyOpen, openIds: bot.open_alerts.map((alert) => alert.id) });
  if (!anyOpen) return null;
  // The bot object is the authority on what is open; the list adds the details once it is read.
  const detailed = new Map((open.data?.data ?? []).map((alert) => [alert.id, alert]));
  const alerts = bot.open_alerts.map((alert) => detailed.get(alert.id) ?? alert);
  return (
    <section className="alert alert-error alert-banner" aria-labelledby="alert-banner-title">
      <h2 id="alert-banner-title">{t('alert.bannerTitle')}</h2>
      <ul>
        {alerts.map((alert) => (
          <li key={alert.id}>{alertSentence(alert)}</li>
        ))}
      </ul>
      {!onHealthTab && <Link href={`/bots/${bot.id}/health`}>{t('alert.toHealth')}</Link>}
    </section>
  );
}
