import { touchOf } from './facts';
import { parseStartParameter } from './start-parameter';

describe('parseStartParameter', () => {
  it.each([
    [null, 'utm_source', null, null],
    ['', 'utm_source', null, null],
    ['Instagram', 'utm_source', 'Instagram', null],
    ['utm_source=TG_Ads', 'utm_source', 'TG_Ads', null],
    ['source=vk', 'source', 'vk', null],
    ['utm_source=vk|utm_campaign=Spring', 'utm_source', 'vk', 'Spring'],
    ['utm_campaign=Spring&utm_source=vk', 'utm_source', 'vk', 'Spring'],
    ['source=vk|utm_campaign=Spring', 'utm_source', null, null],
    ['utm_campaign=Spring', 'utm_source', null, null],
    ['broken|utm_source=x', 'utm_source', 'x', null],
    ['utm_source=a|utm_source=b', 'utm_source', 'a', null],
    ['UTM_SOURCE=x', 'utm_source', null, null],
  ])('%p with key %p → source %p, campaign %p', (parameter, key, source, campaign) => {
    expect(parseStartParameter(parameter, key)).toEqual({ sourceValue: source, campaignName: campaign });
  });
});

describe('touchOf', () => {
  it.each([
    ['/start', { parameter: null }],
    ['/start promo_1', { parameter: 'promo_1' }],
    ['/start@shop_bot utm_source=x', { parameter: 'utm_source=x' }],
    ['/start   spaced  ', { parameter: 'spaced' }],
    ['/started', null],
    ['hello /start', null],
    [null, null],
  ])('%p → %p', (text, touch) => {
    expect(touchOf(text)).toEqual(touch);
  });

  it('cuts a source or campaign over 256 characters, never inside a surrogate pair', () => {
    const long = '😀'.repeat(300);
    expect(parseStartParameter(long, 'utm_source').sourceValue).toBe('😀'.repeat(256));
    expect(parseStartParameter(`utm_source=${'a'.repeat(300)}|utm_campaign=${'b'.repeat(300)}`, 'utm_source')).toEqual({
      sourceValue: 'a'.repeat(256),
      campaignName: 'b'.repeat(256),
    });
  });
});
