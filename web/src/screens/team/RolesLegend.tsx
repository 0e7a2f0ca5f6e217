import { t } from '../../i18n';

/** What each role may do, folded away until asked for. */
export function RolesLegend() {
  return (
    <details className="legend">
      <summary>{t('team.roles.title')}</summary>
      <dl className="facts">
        {(['owner', 'administrator', 'observer'] as const).map((role) => (
          <div key={role} className="fact-row">
            <dt>{t(`role.${role}`)}</dt>
            <dd>{t(`team.roles.${role}`)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
