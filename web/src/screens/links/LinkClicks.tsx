import { useMemo, useState } from 'react';
import { LinkClickDay, TrackedLink, useLinkClicks } from '../../api/queries/useLinks';
import { DaysChart } from '../../components/DaysChart';
import { QueryState } from '../../components/feedback';
import { TableWrap } from '../../components/TableWrap';
import { formatNumber, locale, t } from '../../i18n';
import { linkLabel } from './LinksTable';
import { lastDays } from './period';
import { DaysChoice } from '../../components/ChipChoice';

const PERIODS = [7, 30, 90] as const;
// The timeline's days are UTC dates, so they are named in UTC.
const dayName = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** One link's clicks over time: its totals first, then the days as a chart and the days that had clicks. */
export function LinkClicks({ botId, link }: { botId: string; link: TrackedLink }) {
  const [days, setDays] = useState<number>(30);
  const { from, to } = lastDays(days);
  const timeline = useLinkClicks(botId, link.id, from, to);
  const name = linkLabel(link);
  return (
    <section className="card" aria-labelledby="link-clicks-title">
      <div className="card-head">
        <h2 id="link-clicks-title">
          {t('links.clicks.title')}: <span className="link-title">{name}</span>
        </h2>
        <DaysChoice values={PERIODS} value={days} onChange={setDays} />
      </div>
      <QueryState query={timeline}>
        {({ data }) => <ClickDays link={link} name={name} days={days} data={data} />}
      </QueryState>
    </section>
  );
}

function ClickDays({
  link,
  name,
  days,
  data,
}: {
  link: TrackedLink;
  name: string;
  days: number;
  data: LinkClickDay[];
}) {
  const inPeriod = data.reduce((sum, day) => sum + day.clicks, 0);
  const withClicks = data.filter((day) => day.clicks > 0).reverse();
  const dayKeys = useMemo(() => data.map((day) => day.day), [data]);
  const series = useMemo(
    () => [
      { label: t('links.clicks.series'), color: '#3b5bdb', values: data.map((day) => day.clicks) },
      { label: t('links.clicks.seriesUnique'), color: '#20a58a', values: data.map((day) => day.unique_clicks) },
    ],
    [data],
  );
  const cards = [
    { label: t('links.clicks.total'), value: link.clicks, lead: true },
    { label: t('links.clicks.unique'), value: link.unique_clicks, lead: true },
    { label: t('links.clicks.inPeriod', { days }), value: inPeriod },
  ];
  return (
    <>
      <dl className="stat-cards">
        {cards.map((card) => (
          <div key={card.label} className={card.lead ? 'stat stat-lead' : 'stat'}>
            <dt>{card.label}</dt>
            <dd>
              <span className="stat-value">{formatNumber(card.value)}</span>
            </dd>
          </div>
        ))}
      </dl>
      <DaysChart days={dayKeys} series={series} label={t('links.clicks.chartLabel', { name })} />
      <h3>{t('links.clicks.days')}</h3>
      {withClicks.length === 0 ? (
        <p className="muted">{t('links.clicks.none')}</p>
      ) : (
        <TableWrap label={t('links.clicks.days')}>
          <table className="link-days">
            <thead>
              <tr>
                <th scope="col">{t('links.clicks.day')}</th>
                <th scope="col" className="num">
                  {t('links.col.clicks')}
                </th>
                <th scope="col" className="num">
                  {t('links.col.unique')}
                </th>
              </tr>
            </thead>
            <tbody>
              {withClicks.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{dayName.format(new Date(`${day.day}T00:00:00Z`))}</th>
                  <td className="num">{formatNumber(day.clicks)}</td>
                  <td className="num">{formatNumber(day.unique_clicks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      <p className="hint">{t('links.clicks.uniqueHint')}</p>
    </>
  );
}
