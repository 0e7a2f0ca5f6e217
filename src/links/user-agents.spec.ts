import { agentFamily, isLinkPreviewRobot } from './user-agents';

const BROWSERS = {
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68',
  yandex:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 YaBrowser/24.6.0.0 Safari/537.36',
  telegramAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/125.0.6422.165 Mobile Safari/537.36 Telegram-Android/10.14.5 (Samsung SM-A536B; Android 13; SDK 33; AVERAGE)',
  samsung:
    'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  cubotPhone:
    'Mozilla/5.0 (Linux; Android 12; CUBOT KingKong Power) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};

describe('isLinkPreviewRobot', () => {
  it.each([
    ['Telegram', 'TelegramBot (like TwitterBot)'],
    ['Facebook', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
    ['Twitter', 'Twitterbot/1.0'],
    ['Slack', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
    ['WhatsApp', 'WhatsApp/2.23.20.0 A'],
    ['Discord', 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)'],
    ['VK', 'Mozilla/5.0 (compatible; vkShare; +http://vk.com/dev/Share)'],
    ['Skype', 'Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5'],
    ['Google', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['Bing', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
    ['Yandex', 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)'],
    ['LinkedIn', 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)'],
  ])("takes %s's preview robot for a robot", (_name, agent) => {
    expect(isLinkPreviewRobot(agent)).toBe(true);
  });

  it.each(Object.entries(BROWSERS))('takes %s for a person', (_name, agent) => {
    expect(isLinkPreviewRobot(agent)).toBe(false);
  });

  it('takes a request without a user agent for a person (nothing says otherwise)', () => {
    expect(isLinkPreviewRobot(undefined)).toBe(false);
    expect(isLinkPreviewRobot('')).toBe(false);
  });
});

describe('agentFamily', () => {
  it.each([
    ['chromeAndroid', 'chrome'],
    ['safariIphone', 'safari'],
    ['firefox', 'firefox'],
    ['edge', 'edge'],
    ['yandex', 'yandex'],
    ['telegramAndroid', 'telegram'],
    ['samsung', 'samsung'],
    ['cubotPhone', 'chrome'],
  ] as const)('names %s %s', (browser, family) => {
    expect(agentFamily(BROWSERS[browser])).toBe(family);
  });

  it('says other for an agent it does not know, unknown for none', () => {
    expect(agentFamily('curl/8.5.0')).toBe('other');
    expect(agentFamily(undefined)).toBe('unknown');
    expect(agentFamily('')).toBe('unknown');
  });
});
