import { BadRequestException } from '@nestjs/common';
import { Messages } from '../common/messages';
import { closedBroadcastInput, requiredText } from './broadcast-input';
import { audienceFilter, parseSegment } from './segment';

const photo = { originalname: 'a.png', mimetype: 'image/png', buffer: Buffer.from('png') };
const now = new Date('2030-01-01T00:00:00Z');

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof BadRequestException) return error.message;
    throw error;
  }
  throw new Error('no error');
}

describe('closed broadcast input', () => {
  it('checks kind first, then platform, segment, send_at and text, each with its own message', () => {
    const bad = { kind: 'video', platform: 'viber', segment: '[]', send_at: 'soon' };
    expect(messageOf(() => closedBroadcastInput(bad, photo, 'telegram', now))).toBe(Messages.broadcastKindInvalid);
    expect(messageOf(() => closedBroadcastInput({ ...bad, kind: 'photo' }, photo, 'telegram', now))).toBe(
      Messages.broadcastPlatformInvalid,
    );
    expect(
      messageOf(() => closedBroadcastInput({ ...bad, kind: 'photo', platform: 'max' }, photo, 'telegram', now)),
    ).toBe(Messages.broadcastSegmentNotObject);
    expect(messageOf(() => closedBroadcastInput({ kind: 'photo', send_at: 'soon' }, photo, 'telegram', now))).toBe(
      Messages.broadcastSendAtInvalid,
    );
    expect(messageOf(() => closedBroadcastInput({}, undefined, 'telegram', now))).toBe(Messages.textRequired);
  });

  it('takes a file with a kind and an empty caption; a Telegram caption is at most 1024 characters, MAX takes 4000', () => {
    expect(closedBroadcastInput({ kind: 'photo' }, photo, 'telegram', now)).toMatchObject({
      kind: 'photo',
      text: '',
      file: { fileName: 'a.png' },
    });
    expect(
      messageOf(() => closedBroadcastInput({ kind: 'photo', text: 'x'.repeat(1025) }, photo, 'telegram', now)),
    ).toBe(Messages.broadcastCaptionTooLong);
    expect(closedBroadcastInput({ kind: 'photo', text: 'x'.repeat(4000) }, photo, 'max', now).text).toHaveLength(4000);
  });

  it('reads send_at only as a future time with a zone', () => {
    expect(
      closedBroadcastInput(
        { text: 'hi', send_at: '2030-01-01T00:00:01+03:00' },
        undefined,
        'max',
        new Date('2029-12-31T20:00:00Z'),
      ).sendAt,
    ).toEqual(new Date('2029-12-31T21:00:01Z'));
    for (const sendAt of ['2030-01-01', '2030-01-01T00:00:00', '2029-12-31T23:59:59Z', '2030-02-30T00:00:00Z x']) {
      expect(messageOf(() => closedBroadcastInput({ text: 'hi', send_at: sendAt }, undefined, 'max', now))).toBe(
        Messages.broadcastSendAtInvalid,
      );
    }
  });

  it('counts characters, not UTF-16 units, against the 4000 limit', () => {
    expect(requiredText('😀'.repeat(4000))).toHaveLength(8000);
    expect(messageOf(() => requiredText('😀'.repeat(4001)))).toBe(Messages.textTooLong);
  });
});

describe('segments', () => {
  it('treats null fields as absent and trims strings', () => {
    expect(parseSegment('{"source_value":" vk ","intent":null}')).toEqual({ source_value: 'vk' });
    expect(parseSegment(undefined)).toEqual({});
  });

  it('takes payer as a boolean only', () => {
    expect(parseSegment({ payer: false })).toEqual({ payer: false });
    expect(messageOf(() => parseSegment({ payer: 'yes' }))).toBe(Messages.broadcastSegmentBadPayer);
    expect(audienceFilter('all', { payer: true }).where).toBe(
      'c.bot_id = $1 AND EXISTS (SELECT FROM payments p WHERE p.contact_id = c.id AND p.refunded_at IS NULL) AND c.blocked_at IS NULL',
    );
  });

  it('numbers SQL parameters after the bot id and leaves blocked contacts out unless asked', () => {
    expect(audienceFilter('all', {})).toEqual({ where: 'c.bot_id = $1 AND c.blocked_at IS NULL', params: [] });
    const filter = audienceFilter('max', { language_code: 'ru', blocked: true, active_within_days: 7 });
    expect(filter.params).toEqual(['max', 'ru', 7]);
    expect(filter.where).toBe(
      'c.bot_id = $1 AND b.platform = $2 AND lower(c.language_code) = lower($3) AND c.last_seen_at >= now() - make_interval(days => $4::int) AND c.blocked_at IS NOT NULL',
    );
  });
});
