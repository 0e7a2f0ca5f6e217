import type { Bot } from '../../api/queries/useBots';
import { t } from '../../i18n';

/** The bot's mode and state, as words (colour alone is not enough). */
export function BotBadges({ bot }: { bot: Bot }) {
  return (
    <span className="badges">
      <span className="badge">{t(`bots.mode.${bot.mode}`)}</span>
      <span className={bot.active ? 'badge badge-ok' : 'badge badge-off'}>
        {bot.active ? t('bots.state.active') : t('bots.state.inactive')}
      </span>
    </span>
  );
}
