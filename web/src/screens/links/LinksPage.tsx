import { useState } from 'react';
import type { Bot } from '../../api/queries/useBots';
import { LINKS_PAGE, TrackedLink, useLinks } from '../../api/queries/useLinks';
import { useCanWrite } from '../../api/queries/useMe';
import { useSearchParam } from '../../app/router';
import { CopyButton } from '../../components/CopyButton';
import { EmptyState, Notice, QueryState } from '../../components/feedback';
import { Pager, pageFrom, withQuery } from '../../components/Pager';
import { t } from '../../i18n';
import { LinkClicks } from './LinkClicks';
import { LinkForm } from './LinkForm';
import { LinksTable } from './LinksTable';

type Outcome = { kind: 'created' | 'deleted'; link: TrackedLink };

/**
 * `/bots/:id/links?page=&link=`: tracked links. The form (for writers) above the list, then the clicks by day of
 * the link named in `?link=`, or of the newest one, so the numbers are there without a click.
 */
export default function LinksPage({ bot }: { bot: Bot }) {
  const canWrite = useCanWrite();
  const page = pageFrom(useSearchParam('page'));
  const chosen = useSearchParam('link');
  const links = useLinks(bot.id, (page - 1) * LINKS_PAGE);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const base = `/bots/${bot.id}/links`;

  return (
    <>
      <section className="card" aria-labelledby="links-title">
        <h2 id="links-title">{t('links.title')}</h2>
        <p className="muted">{t('links.about')}</p>
        {canWrite && <LinkForm botId={bot.id} onCreated={(link) => setOutcome({ kind: 'created', link })} />}
        {outcome && <OutcomeNotice outcome={outcome} />}
      </section>
      <QueryState query={links}>
        {({ data, total }) => {
          if (data.length === 0 && page === 1)
            return (
              <section className="card" aria-label={t('links.title')}>
                <EmptyState title={t('links.empty.title')}>
                  <p>{canWrite ? t('links.empty.text') : t('links.empty.observer')}</p>
                </EmptyState>
              </section>
            );
          const selected = data.find((link) => link.id === chosen) ?? data[0];
          return (
            <>
              <section className="card" aria-label={t('links.title')}>
                <LinksTable
                  botId={bot.id}
                  links={data}
                  selectedId={selected?.id ?? null}
                  hrefFor={(link) => withQuery(base, { page, link: link.id })}
                  canWrite={canWrite}
                  onDeleted={(link) => setOutcome({ kind: 'deleted', link })}
                />
                <Pager
                  page={page}
                  pages={Math.max(1, Math.ceil(total / LINKS_PAGE))}
                  hrefFor={(n) => withQuery(base, { page: n })}
                />
              </section>
              {selected && <LinkClicks key={selected.id} botId={bot.id} link={selected} />}
            </>
          );
        }}
      </QueryState>
    </>
  );
}

function OutcomeNotice({ outcome: { kind, link } }: { outcome: Outcome }) {
  if (kind === 'deleted') return <Notice>{t('links.deleted', { short_url: link.short_url })}</Notice>;
  return (
    <Notice>
      <span className="short-link">
        <span>{t('links.created', { short_url: link.short_url })}</span>
        <CopyButton value={link.short_url} label={link.short_url} />
      </span>
    </Notice>
  );
}
