import { FunnelConfigError, parseFunnelStages } from './funnel-config.parser';

const text = (value: string, match?: string) => ({ name: 'Stage', type: 'text', match, value });

describe('parseFunnelStages', () => {
  it('normalises: names and text values trimmed, text match defaults to exact, match only on text stages', () => {
    expect(
      parseFunnelStages({
        stages: [
          { name: ' Start ', type: 'command', value: '/start' },
          { name: 'Hi', type: 'text', value: '  Привет ' },
          { name: 'Buy', type: 'text', match: 'contains', value: 'buy' },
          { name: 'Price', type: 'intent', value: 'price.v2', extra: true },
          { name: 'Plan', type: 'button', value: ' plan:Pro' },
          { name: 'Any plan', type: 'button', match: 'contains', value: 'plan:' },
          { name: 'Paid', type: 'payment' },
          { name: 'Paid a plan', type: 'payment', payload_prefix: ' plan:' },
        ],
      }),
    ).toEqual([
      { name: 'Start', type: 'command', value: '/start' },
      { name: 'Hi', type: 'text', match: 'exact', value: 'Привет' },
      { name: 'Buy', type: 'text', match: 'contains', value: 'buy' },
      { name: 'Price', type: 'intent', value: 'price.v2' },
      { name: 'Plan', type: 'button', match: 'exact', value: ' plan:Pro' },
      { name: 'Any plan', type: 'button', match: 'contains', value: 'plan:' },
      { name: 'Paid', type: 'payment' },
      // Kept as sent, like a button's data: the payload is the bot's own code.
      { name: 'Paid a plan', type: 'payment', payload_prefix: ' plan:' },
    ]);
  });

  it.each([
    [null, 'stages must contain 1 to 20 stages'],
    [{ stages: 'x' }, 'stages must contain 1 to 20 stages'],
    [{ stages: [] }, 'stages must contain 1 to 20 stages'],
    [{ stages: Array.from({ length: 21 }, () => text('a')) }, 'stages must contain 1 to 20 stages'],
    [{ stages: [text('a'), 5] }, 'stages[1] must be an object'],
    [{ stages: [{ ...text('a'), name: '  ' }] }, 'stages[0].name must be 1 to 100 characters'],
    [{ stages: [{ ...text('a'), name: 'x'.repeat(101) }] }, 'stages[0].name must be 1 to 100 characters'],
    [{ stages: [{ ...text('a'), type: 'regex' }] }, 'stages[0].type must be text, command, intent, button or payment'],
    [{ stages: [text('a'), text('b'), text('c', 'fuzzy')] }, 'stages[2].match must be exact or contains'],
    [{ stages: [text(' ')] }, 'stages[0].value must be 1 to 500 characters'],
    [{ stages: [text('я'.repeat(501))] }, 'stages[0].value must be 1 to 500 characters'],
    [{ stages: [{ name: 'a', type: 'button', value: ' ' }] }, 'stages[0].value must be 1 to 500 characters'],
    [{ stages: [{ name: 'a', type: 'button', value: 7 }] }, 'stages[0].value must be 1 to 500 characters'],
    [
      { stages: [{ name: 'a', type: 'button', match: 'regex', value: 'x' }] },
      'stages[0].match must be exact or contains',
    ],
    [{ stages: [{ name: 'a', type: 'command', value: 'start' }] }, 'stages[0].value must be a command such as /start'],
    [
      { stages: [{ name: 'a', type: 'command', value: '/start now' }] },
      'stages[0].value must be a command such as /start',
    ],
    [
      { stages: [{ name: 'a', type: 'command', match: 'exact', value: '/start' }] },
      'stages[0].match applies to text and button stages only',
    ],
    [
      { stages: [{ name: 'a', type: 'payment', payload_prefix: '' }] },
      'stages[0].payload_prefix must be 1 to 128 characters',
    ],
    [
      { stages: [{ name: 'a', type: 'payment', payload_prefix: 'p'.repeat(129) }] },
      'stages[0].payload_prefix must be 1 to 128 characters',
    ],
    [
      { stages: [{ name: 'a', type: 'payment', value: 'plan:' }] },
      'stages[0].value does not apply to payment stages (payload_prefix does)',
    ],
    [
      { stages: [{ name: 'a', type: 'payment', match: 'contains' }] },
      'stages[0].match applies to text and button stages only',
    ],
    [
      { stages: [{ name: 'a', type: 'button', value: 'x', payload_prefix: 'plan:' }] },
      'stages[0].payload_prefix applies to payment stages only',
    ],
    [
      { stages: [{ name: 'a', type: 'intent', value: 'has space' }] },
      "stages[0].value must be the name of one of the bot's intents",
    ],
  ])('refuses %j: %s', (body, message) => {
    expect(() => parseFunnelStages(body)).toThrow(new FunnelConfigError(message));
  });

  it('counts characters, not UTF-16 units', () => {
    expect(parseFunnelStages({ stages: [text('😀'.repeat(500))] })[0].value).toHaveLength(1000);
  });
});
