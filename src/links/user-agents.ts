/**
 * Link-preview robots and crawlers, by their user agents: they fetch a link to show its preview (Telegram does
 * for every link in a message, before anyone taps it) or to index it, so their requests are redirected but
 * never counted as clicks. Each name is a robot's own product token; generic words (`bot`, `crawler`) are left
 * out, since real browsers carry them too (Cubot phones, "Robot" in a device name).
 */
const ROBOTS = new RegExp(
  [
    'TelegramBot', // "TelegramBot (like TwitterBot)": Telegram's link previews
    'facebookexternalhit',
    'facebookcatalog',
    'Facebot',
    'Twitterbot',
    'Slackbot',
    'Slack-ImgProxy',
    'WhatsApp/',
    'Discordbot',
    'vkShare',
    'SkypeUriPreview',
    'Googlebot',
    'Google-InspectionTool',
    'AdsBot-Google',
    'bingbot',
    'BingPreview',
    'LinkedInBot',
    'Applebot',
    'YandexBot',
    'YandexMobileBot',
    'YandexMetrika',
    'Mail\\.RU_Bot',
    'redditbot',
    'Pinterestbot',
    'Embedly',
    'Iframely',
    'DuckDuckBot',
    'Baiduspider',
    'Mastodon/',
  ].join('|'),
  'i',
);

/** True for a known link-preview robot or crawler. */
export function isLinkPreviewRobot(userAgent: string | undefined): boolean {
  return userAgent !== undefined && ROBOTS.test(userAgent);
}

/**
 * What a click records of its user agent: the browser family, not the agent itself (it is long and adds
 * nothing to a count). In the order that tells them apart: in-app browsers and Chromium's derivatives name
 * Chrome and Safari too.
 */
const FAMILIES: ReadonlyArray<readonly [string, RegExp]> = [
  ['telegram', /Telegram/i],
  ['yandex', /YaBrowser|YaSearchBrowser|YandexSearch/],
  ['samsung', /SamsungBrowser/],
  ['opera', /OPR\/|OPT\/|Opera/],
  ['edge', /Edg(?:e|A|iOS)?\//],
  ['firefox', /Firefox\/|FxiOS\//],
  ['chrome', /Chrome\/|CriOS\/|Chromium\//],
  ['safari', /Safari\/|AppleWebKit\//],
];

export type AgentFamily =
  'telegram' | 'yandex' | 'samsung' | 'opera' | 'edge' | 'firefox' | 'chrome' | 'safari' | 'other' | 'unknown';

export function agentFamily(userAgent: string | undefined): AgentFamily {
  if (!userAgent) return 'unknown';
  for (const [family, pattern] of FAMILIES) if (pattern.test(userAgent)) return family as AgentFamily;
  return 'other';
}
