import { describe, expect, it } from 'vitest';
import { kindOfFile, textLimit } from '../../components/files';
import { EMPTY_SEGMENT, localTimeToIso, toSegment } from './segment';

describe('the broadcast segment builder', () => {
  it('sends nothing for an empty builder: everyone who has not blocked the bot', () => {
    expect(toSegment(EMPTY_SEGMENT)).toEqual({});
  });

  it('sends each filter that narrows the audience, trimmed, with the day count as a number', () => {
    expect(
      toSegment({
        source_value: ' vk ',
        campaign_name: 'spring',
        intent: 'delivery',
        language_code: 'ru',
        blocked: 'only',
        active_within_days: '30',
      }),
    ).toEqual({
      source_value: 'vk',
      campaign_name: 'spring',
      intent: 'delivery',
      language_code: 'ru',
      blocked: true,
      active_within_days: 30,
    });
  });

  it('passes an unreadable day count on, so the service names the problem', () => {
    expect(toSegment({ ...EMPTY_SEGMENT, active_within_days: '1.5' })).toEqual({ active_within_days: '1.5' });
  });

  it("reads the send time in the viewer's zone and sends it with a zone", () => {
    expect(localTimeToIso('2030-01-31T09:00')).toBe(new Date(2030, 0, 31, 9, 0).toISOString());
    expect(localTimeToIso('')).toBeNull();
    expect(localTimeToIso('завтра')).toBeNull();
  });
});

describe('files and text limits', () => {
  it('guesses how a file is sent from its type', () => {
    expect(kindOfFile({ type: 'image/png' })).toBe('photo');
    expect(kindOfFile({ type: 'image/svg+xml' })).toBe('file');
    expect(kindOfFile({ type: 'audio/mpeg' })).toBe('audio');
    expect(kindOfFile({ type: 'application/pdf' })).toBe('file');
  });

  it('counts a Telegram caption against 1024 characters, everything else against 4000', () => {
    expect(textLimit('telegram', true)).toBe(1024);
    expect(textLimit('telegram', false)).toBe(4000);
    expect(textLimit('max', true)).toBe(4000);
  });
});
