import { BadRequestException } from '@nestjs/common';
import { Messages } from '../common/messages';
import { parsePlan, PLAIN_PLAN } from './broadcast-plan';

const opts = { hasText: false, hasFile: false, platform: 'telegram' as const };
const messageOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof BadRequestException) return (error.getResponse() as { message: string }).message;
    throw error;
  }
  return null;
};

describe('a broadcast plan (track_links, variants, the test)', () => {
  it('is the plain plan without any of its fields', () => {
    expect(parsePlan({}, { ...opts, hasText: true })).toEqual(PLAIN_PLAN);
    expect(parsePlan({ track_links: 'true' }, { ...opts, hasText: true })).toEqual({ ...PLAIN_PLAN, trackLinks: true });
  });

  it('reads JSON values and the multipart form’s strings alike', () => {
    const fromJson = parsePlan(
      {
        variants: [{ text: 'A' }, { text: 'B' }],
        track_links: true,
        test_share: 0.2,
        winner_after_minutes: 30,
        winner_metric: 'clicked',
      },
      opts,
    );
    const fromForm = parsePlan(
      {
        variants: '[{"text":"A"},{"text":"B"}]',
        track_links: 'true',
        test_share: '0.2',
        winner_after_minutes: '30',
        winner_metric: 'clicked',
      },
      opts,
    );
    expect(fromForm).toEqual(fromJson);
    expect(fromJson).toEqual({
      trackLinks: true,
      variants: [
        { text: 'A', file: false },
        { text: 'B', file: false },
      ],
      testShare: 0.2,
      winnerAfterMinutes: 30,
      winnerMetric: 'clicked',
    });
  });

  it('gives every variant the uploaded file unless it says file: false; a variant with the file may have no text', () => {
    const plan = parsePlan({ variants: [{ text: '' }, { text: 'B', file: false }] }, { ...opts, hasFile: true });
    expect(plan.variants).toEqual([
      { text: '', file: true },
      { text: 'B', file: false },
    ]);
  });

  it('takes the bounds of test_share and winner_after_minutes', () => {
    const two = [{ text: 'A' }, { text: 'B' }];
    const rule = { winner_metric: 'replied' };
    expect(parsePlan({ variants: two, test_share: 0.05, winner_after_minutes: 10, ...rule }, opts).testShare).toBe(
      0.05,
    );
    expect(
      parsePlan({ variants: two, test_share: 0.5, winner_after_minutes: 10080, ...rule }, opts).winnerAfterMinutes,
    ).toBe(10080);
    expect(
      messageOf(() => parsePlan({ variants: two, test_share: 0.049, winner_after_minutes: 10, ...rule }, opts)),
    ).toBe(Messages.broadcastTestShareInvalid);
    expect(
      messageOf(() => parsePlan({ variants: two, test_share: 0.5, winner_after_minutes: 10.5, ...rule }, opts)),
    ).toBe(Messages.broadcastWinnerAfterInvalid);
  });
});
