import { describe, expect, it } from 'vitest';
import type { DialogClick, DialogMessage, DialogPress } from '../../api/queries/useDialogs';
import type { Payment } from '../../api/queries/useRevenue';
import { CONVERSATION_PAGE, timeline } from './timeline';

const message = (id: string, at: string): DialogMessage => ({
  id,
  direction: 'in',
  external_user_id: '1',
  text: id,
  created_at: at,
  intents: [],
});
const press = (id: string, at: string): DialogPress => ({ id, data: id, created_at: at });
const click = (id: string, at: string): DialogClick => ({
  id,
  link_id: 'l1',
  url: 'https://example.com/',
  clicked_at: at,
});

const payment = (id: string, at: string): Payment => ({
  id,
  bot_id: 'b1',
  user_id: '1',
  amount: 250,
  currency: 'XTR',
  charge_id: id,
  provider_charge_id: null,
  payload: null,
  recurring: false,
  first_recurring: false,
  subscription_expires_at: null,
  paid_at: at,
  refunded_at: null,
  source_value: null,
  campaign_name: null,
});

describe('conversation timeline', () => {
  it('puts presses among the messages by time, a message before a press of the same moment', () => {
    const items = timeline(
      [message('m1', '2024-05-01T10:00:00.000Z'), message('m2', '2024-05-01T10:05:00.000Z')],
      [press('p1', '2024-05-01T10:01:00.000Z'), press('p2', '2024-05-01T10:05:00.000Z')],
    );
    expect(items.map((item) => item.id)).toEqual(['m1', 'p1', 'm2', 'p2']);
  });

  it('leaves out presses older than a full page of messages', () => {
    const messages = Array.from({ length: CONVERSATION_PAGE }, (_, i) =>
      message(`m${i}`, new Date(Date.UTC(2024, 4, 2, 0, i)).toISOString()),
    );
    const items = timeline(messages, [
      press('old', '2024-05-01T00:00:00.000Z'),
      press('new', '2024-05-02T00:00:30.000Z'),
    ]);
    expect(items.map((item) => item.id)).not.toContain('old');
    expect(items.map((item) => item.id).slice(0, 3)).toEqual(['m0', 'new', 'm1']);
  });

  it('puts clicks on tracked links among them by their time, like presses', () => {
    const items = timeline(
      [message('m1', '2024-05-01T10:00:00.000Z'), message('m2', '2024-05-01T10:05:00.000Z')],
      [
        press('p1', '2024-05-01T10:02:00.000Z'),
        click('c1', '2024-05-01T10:01:00.000Z'),
        click('c2', '2024-05-01T10:05:00.000Z'),
      ],
    );
    expect(items.map((item) => item.id)).toEqual(['m1', 'c1', 'p1', 'm2', 'c2']);
  });

  it('puts payments at their paid_at, after the payment message of the same moment', () => {
    const items = timeline(
      [message('m1', '2024-05-01T10:00:00.000Z'), message('paid', '2024-05-01T10:05:00.000Z')],
      [payment('x1', '2024-05-01T10:05:00.000Z'), press('p1', '2024-05-01T10:01:00.000Z')],
    );
    expect(items.map((item) => item.id)).toEqual(['m1', 'p1', 'paid', 'x1']);
  });

  it("leaves out the textless messages that carried a payment or its refund: the payment's marker stands for them", () => {
    const carrier = (id: string, at: string) => ({ ...message(id, at), text: '' });
    const refunded = { ...payment('x1', '2024-05-01T10:05:00.000Z'), refunded_at: '2024-05-01T11:00:00Z' };
    const items = timeline(
      [
        message('m1', '2024-05-01T10:00:00.000Z'),
        carrier('paid', '2024-05-01T10:05:00.000Z'),
        carrier('sticker', '2024-05-01T10:30:00.000Z'),
        carrier('refund', '2024-05-01T11:00:00.000Z'),
        { ...carrier('out', '2024-05-01T10:05:00.000Z'), direction: 'out' },
      ],
      [refunded],
    );
    expect(items.map((item) => item.id)).toEqual(['m1', 'out', 'x1', 'sticker']);
  });
});
