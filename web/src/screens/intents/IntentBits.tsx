import type { Intent } from '../../api/queries/useIntents';
import { Link } from '../../app/router';
import { t } from '../../i18n';

/** The intent's colour as a dot beside its name, as messages in the dialogs are outlined. */
export function IntentName({ intent, href }: { intent: Intent; href?: string }) {
  const dot = <span className="intent-dot" style={{ background: intent.color }} aria-hidden="true" />;
  return (
    <span className="intent-name">
      {dot}
      {href ? <Link href={href}>{intent.name}</Link> : <span>{intent.name}</span>}
    </span>
  );
}

export function IntentState({ active }: { active: boolean }) {
  return (
    <span className={active ? 'badge badge-ok' : 'badge badge-off'}>
      {active ? t('intents.state.active') : t('intents.state.inactive')}
    </span>
  );
}
