import { useId } from 'react';
import type { Bot } from '../../api/queries/useBots';
import { FunnelStage, useFunnel, useFunnelConfig } from '../../api/queries/useFunnel';
import { useIntents } from '../../api/queries/useIntents';
import { useCanWrite } from '../../api/queries/useMe';
import { useSources } from '../../api/queries/useReports';
import { navigate, useSearchParam } from '../../app/router';
import { EmptyState, QueryState } from '../../components/feedback';
import { sourceLabel } from '../../components/sources';
import { t } from '../../i18n';
import { FunnelChart } from './FunnelChart';
import { StageBuilder } from './StageBuilder';

/** `/bots/:id/funnel?source=`: the funnel's counts and conversions (by source), and for writers the stage builder. */
export default function FunnelPage({ bot }: { bot: Bot }) {
  return (
    <QueryState query={useFunnelConfig(bot.id)}>{(config) => <Funnel bot={bot} stages={config.stages} />}</QueryState>
  );
}

function Funnel({ bot, stages }: { bot: Bot; stages: FunnelStage[] }) {
  const source = useSearchParam('source');
  const result = useFunnel(bot.id, source);
  const canWrite = useCanWrite();
  const intents = useIntents(bot.id);

  return (
    <>
      <section className="card" aria-labelledby="funnel-title">
        <div className="card-head">
          <h2 id="funnel-title">{t('funnel.title')}</h2>
          {stages.length > 0 && <SourceFilter botId={bot.id} source={source} />}
        </div>
        {stages.length === 0 ? (
          <EmptyState title={t('funnel.empty.title')}>
            <p>{canWrite ? t('funnel.empty.text') : t('funnel.empty.observer')}</p>
          </EmptyState>
        ) : (
          <QueryState query={result}>
            {(funnel) => (
              <>
                {funnel.computing && (
                  <p className="alert alert-info" role="status">
                    {t('funnel.computing')}
                  </p>
                )}
                <FunnelChart result={funnel} config={stages} />
              </>
            )}
          </QueryState>
        )}
      </section>
      {canWrite && (
        <StageBuilder botId={bot.id} stages={stages} intents={intents.data?.data.map((intent) => intent.name) ?? []} />
      )}
    </>
  );
}

/** The source filter lives in the URL (`?source=`), so a filtered funnel can be bookmarked. */
function SourceFilter({ botId, source }: { botId: string; source: string | null }) {
  const sources = useSources(botId);
  const id = useId();
  const values = [...new Set(sources.data?.data.map((row) => row.source_value) ?? [])];
  if (source && !values.includes(source)) values.push(source);
  return (
    <div className="inline-field">
      <label htmlFor={id}>{t('funnel.source')}</label>
      <select
        id={id}
        value={source ?? ''}
        onChange={(event) => {
          const value = event.target.value;
          navigate(`/bots/${botId}/funnel${value ? `?source=${encodeURIComponent(value)}` : ''}`, { replace: true });
        }}
      >
        <option value="">{t('funnel.allSources')}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {sourceLabel(value)}
          </option>
        ))}
      </select>
    </div>
  );
}
