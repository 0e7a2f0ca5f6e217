import { moneyOf } from './payments-statement';
import type { Fact, PaymentFact, RefundFact } from './facts';
import { telegramRefundCallFacts, telegramUpdateFacts } from './telegram-facts';

const user = { id: 7, is_bot: false, first_name: 'Ann', username: 'ann', language_code: 'ru' };
const PAID_AT = 1_700_000_000;

const update = (fields: Record<string, unknown>, updateId = 41) => ({
  update_id: updateId,
  message: { message_id: 9, from: user, chat: { id: 7, type: 'private' }, date: PAID_AT, ...fields },
});

const starsPayment = {
  currency: 'XTR',
  total_amount: 250,
  invoice_payload: 'plan:pro',
  telegram_payment_charge_id: 'stxAbC123',
  provider_payment_charge_id: '',
};

describe('telegramUpdateFacts: payments (issue 26)', () => {
  it('a successful_payment is an inbound message without text and a payment of its sender, with the profile', () => {
    const facts = telegramUpdateFacts(update({ successful_payment: starsPayment }));
    expect(facts).toHaveLength(2);
    expect(facts[0]).toMatchObject({
      kind: 'message',
      direction: 'in',
      dedupeKey: 'tg:update:41',
      externalUserId: '7',
      text: null,
    });
    expect(facts[1]).toEqual({
      kind: 'payment',
      externalUserId: '7',
      profile: { username: 'ann', firstName: 'Ann', lastName: null, isPremium: false, languageCode: 'ru' },
      amount: 250,
      currency: 'XTR',
      chargeId: 'stxAbC123',
      // Stars have no provider: Telegram's empty string is none.
      providerChargeId: null,
      payload: 'plan:pro',
      recurring: false,
      firstRecurring: false,
      subscriptionExpiresAt: null,
      at: new Date(PAID_AT * 1000),
      origin: 'platform',
    } satisfies PaymentFact);
  });

  it('reads a provider payment and a subscription: provider charge id, recurring flags, expiration from Unix seconds', () => {
    const [, payment] = telegramUpdateFacts(
      update({
        successful_payment: {
          currency: 'RUB',
          total_amount: 49900,
          invoice_payload: 'sub:month',
          telegram_payment_charge_id: 'tg-charge-1',
          provider_payment_charge_id: 'yk-777',
          is_recurring: true,
          is_first_recurring: true,
          subscription_expiration_date: PAID_AT + 2_592_000,
        },
      }),
    );
    expect(payment).toMatchObject({
      amount: 49900,
      currency: 'RUB',
      providerChargeId: 'yk-777',
      recurring: true,
      firstRecurring: true,
      subscriptionExpiresAt: new Date((PAID_AT + 2_592_000) * 1000),
    });
  });

  it.each([
    ['no charge id', { telegram_payment_charge_id: undefined }],
    ['an empty charge id', { telegram_payment_charge_id: '' }],
    ['a charge id that is not a string', { telegram_payment_charge_id: 12345 }],
    ['a charge id over 255 characters', { telegram_payment_charge_id: 'c'.repeat(256) }],
    ['a charge id with a control character', { telegram_payment_charge_id: 'a\u0000b' }],
    ['a fractional amount', { total_amount: 2.5 }],
    ['a zero amount', { total_amount: 0 }],
    ['a negative amount', { total_amount: -5 }],
    ['an amount as a string', { total_amount: '250' }],
    ['an amount over 10^12', { total_amount: 1_000_000_000_001 }],
    ['a lower-case currency', { currency: 'xtr' }],
    ['a four-letter currency', { currency: 'XTRR' }],
    ['no currency', { currency: undefined }],
  ])('%s is not a payment, and the message is still stored', (_, change) => {
    const facts = telegramUpdateFacts(update({ successful_payment: { ...starsPayment, ...change } }));
    expect(facts.map((f) => f.kind)).toEqual(['message']);
  });

  it('a successful_payment that is not an object is no payment; odd optional fields are absent', () => {
    expect(telegramUpdateFacts(update({ successful_payment: 'paid' })).map((f) => f.kind)).toEqual(['message']);
    const [, payment] = telegramUpdateFacts(
      update({
        successful_payment: {
          ...starsPayment,
          invoice_payload: 42,
          provider_payment_charge_id: null,
          is_recurring: 'yes',
          subscription_expiration_date: 'soon',
        },
      }),
    );
    expect(payment).toMatchObject({
      payload: null,
      providerChargeId: null,
      recurring: false,
      subscriptionExpiresAt: null,
    });
  });

  it('an amount of exactly 10^12 is a payment', () => {
    const [, payment] = telegramUpdateFacts(
      update({ successful_payment: { ...starsPayment, total_amount: 1_000_000_000_000 } }),
    );
    expect(payment).toMatchObject({ kind: 'payment', amount: 1_000_000_000_000 });
  });

  it('a payment message with a bad date is paid when it was received, like its message', () => {
    const receivedAt = new Date(1_800_000_000_000);
    const facts = telegramUpdateFacts(update({ date: 'x', successful_payment: starsPayment }), receivedAt);
    expect(facts.map((f) => f.at)).toEqual([receivedAt, receivedAt]);
  });

  it('payments outside a private chat, or from a bot, are not recorded', () => {
    expect(
      telegramUpdateFacts(update({ chat: { id: -100, type: 'supergroup' }, successful_payment: starsPayment })),
    ).toEqual([]);
    expect(telegramUpdateFacts(update({ from: { ...user, is_bot: true }, successful_payment: starsPayment }))).toEqual(
      [],
    );
  });

  it('a refunded_payment is an inbound message and a refund of its charge at the message date', () => {
    const facts = telegramUpdateFacts(
      update({
        refunded_payment: {
          currency: 'XTR',
          total_amount: 250,
          invoice_payload: 'plan:pro',
          telegram_payment_charge_id: 'stxAbC123',
        },
      }),
    );
    expect(facts.map((f) => f.kind)).toEqual(['message', 'refund']);
    expect(facts[1]).toEqual({
      kind: 'refund',
      externalUserId: '7',
      chargeId: 'stxAbC123',
      at: new Date(PAID_AT * 1000),
    } satisfies RefundFact);
    expect(
      telegramUpdateFacts(update({ refunded_payment: { telegram_payment_charge_id: '' } })).map((f) => f.kind),
    ).toEqual(['message']);
  });

  it('an ordinary message carries no money', () => {
    expect(telegramUpdateFacts(update({ text: 'hi' })).map((f) => f.kind)).toEqual(['message']);
  });
});

describe('telegramRefundCallFacts: a refundStarPayment answered ok', () => {
  const at = new Date(1_800_000_000_000);

  it('reads user_id and telegram_payment_charge_id as JSON (numbers) or form and query fields (strings)', () => {
    const expected = [{ kind: 'refund', externalUserId: '7', chargeId: 'stxAbC123', at }];
    expect(telegramRefundCallFacts({ user_id: 7, telegram_payment_charge_id: 'stxAbC123' }, at)).toEqual(expected);
    expect(telegramRefundCallFacts({ user_id: '7', telegram_payment_charge_id: 'stxAbC123' }, at)).toEqual(expected);
  });

  it.each([
    ['unread parameters (multipart)', null],
    ['no user id', { telegram_payment_charge_id: 'stxAbC123' }],
    ['a user id that is no platform id', { user_id: '@ann', telegram_payment_charge_id: 'stxAbC123' }],
    ['no charge id', { user_id: 7 }],
    ['an empty charge id', { user_id: 7, telegram_payment_charge_id: '' }],
  ])('records nothing for %s', (_, params) => {
    expect(telegramRefundCallFacts(params, at)).toEqual([]);
  });
});

describe('moneyOf: the payments and refunds of a batch', () => {
  const bot = (id: string) => ({ id, userId: 'account', platform: 'telegram' as const, utmKey: 'utm_source' });
  const payment = (chargeId: string, profile = true): PaymentFact => ({
    ...(telegramUpdateFacts(update({ successful_payment: starsPayment }))[1] as PaymentFact),
    chargeId,
    profile: profile ? { username: null, firstName: 'A', lastName: null, isPremium: false, languageCode: null } : null,
  });
  const refund = (chargeId: string, second: number): RefundFact => ({
    kind: 'refund',
    externalUserId: '7',
    chargeId,
    at: new Date(second * 1000),
  });

  it('is null for a batch without any, so such batches write nothing for them', () => {
    const facts: Fact[] = telegramUpdateFacts(update({ text: 'hi' }));
    expect(moneyOf([{ bot: bot('a'), facts }])).toBeNull();
    expect(moneyOf([])).toBeNull();
  });

  it('takes each charge once per bot (its first payment, its earliest refund), in key order', () => {
    const money = moneyOf([
      { bot: bot('b'), facts: [payment('c2'), refund('c1', 20)] },
      { bot: bot('a'), facts: [payment('c2', false), payment('c1')] },
      { bot: bot('b'), facts: [payment('c2', false), refund('c1', 10)] },
    ])!;
    expect(money.payments.map((p) => `${p.botId}/${p.fact.chargeId}`)).toEqual(['a/c1', 'a/c2', 'b/c2']);
    expect(money.payments[2].fact.profile).not.toBeNull();
    expect(money.refunds.map((r) => [r.botId, r.fact.chargeId, r.fact.at.getTime()])).toEqual([['b', 'c1', 10_000]]);
    // Only payments with the payer's profile create or refresh a contact.
    expect(money.profiled.map((p) => `${p.botId}/${p.fact.chargeId}`)).toEqual(['a/c1', 'b/c2']);
  });
});
