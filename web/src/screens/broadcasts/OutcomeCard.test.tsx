import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Broadcast, BroadcastOutcomes } from '../../api/queries/useBroadcasts';
import { OutcomeCard } from './OutcomeCard';

afterEach(cleanup);

const outcomes = (patch: Partial<BroadcastOutcomes> = {}): BroadcastOutcomes => ({
  delivered: 0,
  failed: 0,
  blocked_on_send: 0,
  clicked: 0,
  replied: 0,
  blocked_after: 0,
  revenue: [],
  ...patch,
});

const broadcast = (patch: Partial<Broadcast>): Broadcast => ({
  id: 'b1',
  created_at: '2026-11-28T10:00:00.000Z',
  error: null,
  failed_count: 0,
  finished_at: null,
  kind: null,
  outcomes: outcomes(),
  platform: 'all',
  revenue: [],
  segment: {},
  send_at: null,
  sent_count: 0,
  started_at: null,
  status: 'done',
  test_share: null,
  text: 'Привет',
  total_count: 0,
  track_links: false,
  variants: null,
  winner: null,
  winner_after_minutes: null,
  winner_chosen_at: null,
  winner_metric: null,
  ...patch,
});

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
/** A total as read: its figure and, when there is one, the line beneath. */
const total = (key: string) =>
  [...document.querySelectorAll(`[data-outcome="${key}"] dd > span`)].map((span) => plain(span.textContent));

describe('OutcomeCard', () => {
  it('one text: the totals with their shares of the delivered, revenue per currency, no variants table', () => {
    render(
      <OutcomeCard
        broadcast={broadcast({
          track_links: true,
          outcomes: outcomes({
            delivered: 8,
            failed: 2,
            blocked_on_send: 1,
            clicked: 2,
            replied: 4,
            blocked_after: 1,
            revenue: [
              { currency: 'RUB', net: 150000, payers: 2 },
              { currency: 'XTR', net: 50, payers: 1 },
            ],
          }),
        })}
      />,
    );
    expect(total('delivered')).toEqual(['8']);
    expect(total('clicked')).toEqual(['2', '25 % доставленных']);
    expect(total('replied')).toEqual(['4', '50 % доставленных']);
    expect(total('revenue')).toEqual(['1 500,00 ₽ · ⭐ 50', 'платящих: 2 · 1']);
    expect(total('blocked-after')).toEqual(['1', '13 % доставленных']);
    expect(total('failed')).toEqual(['2']);
    expect(total('blocked-on-send')).toEqual(['1']);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('without tracked links the clicks are a dash that says why; no payments a dash with words', () => {
    render(<OutcomeCard broadcast={broadcast({ outcomes: outcomes({ delivered: 3 }) })} />);
    expect(total('clicked')).toEqual(['—', 'ссылки не отслеживались']);
    expect(total('revenue')).toEqual(['—', 'нет оплат']);
  });

  it('variants side by side, the winner marked with when and by what it was chosen', () => {
    render(
      <OutcomeCard
        broadcast={broadcast({
          track_links: true,
          test_share: 0.5,
          winner_after_minutes: 60,
          winner_metric: 'replied',
          winner: 1,
          winner_chosen_at: '2026-11-28T12:00:00.000Z',
          variants: [
            { text: 'A', file: false, sent: 2, outcomes: outcomes({ delivered: 2, replied: 0 }) },
            { text: 'B', file: false, sent: 6, outcomes: outcomes({ delivered: 6, replied: 3 }) },
          ],
        })}
      />,
    );
    expect(plain(document.querySelector('.variants-summary')?.textContent)).toMatch(
      /^Победитель — вариант B \(по ответам\), выбран .+\.$/,
    );
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Вариант A', 'Вариант Bпобедитель']);
    const replied = screen.getByRole('rowheader', { name: 'Ответили' }).parentElement!;
    expect([...replied.querySelectorAll('td')].map((td) => plain(td.textContent))).toEqual(['0 · 0 %', '3 · 50 %']);
  });

  it('a test still waiting names its metric and minutes; an even split says so', () => {
    const waiting = broadcast({
      status: 'running',
      test_share: 0.2,
      winner_after_minutes: 90,
      winner_metric: 'revenue',
      variants: [
        { text: 'A', file: false, sent: 1, outcomes: outcomes() },
        { text: 'B', file: false, sent: 1, outcomes: outcomes() },
      ],
    });
    const { rerender } = render(<OutcomeCard broadcast={waiting} />);
    expect(plain(document.querySelector('.variants-summary')?.textContent)).toBe(
      'Победитель по выручке будет выбран через 90 мин после отправки тестовой доли (20 %).',
    );
    rerender(
      <OutcomeCard broadcast={{ ...waiting, test_share: 1, winner_after_minutes: null, winner_metric: null }} />,
    );
    expect(document.querySelector('.variants-summary')?.textContent).toBe(
      'Получатели поровну поделены между вариантами.',
    );
  });
});
