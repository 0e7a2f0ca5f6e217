import type { Bot } from '../../api/queries/useBots';

/** One line per client library that points it at the mirror (README: Pointing a bot at Botlens). */
export function mirrorSnippets(bot: Pick<Bot, 'platform' | 'mirror_url'>): Array<{ library: string; code: string }> {
  const base = bot.mirror_url.replace(/\/+$/, '');
  if (bot.platform === 'max') {
    return [{ library: '@maxhub/max-bot-api', code: `new Bot(token, { clientOptions: { baseUrl: '${base}/' } })` }];
  }
  return [
    { library: 'grammY', code: `new Bot(token, { client: { apiRoot: '${base}' } })` },
    { library: 'telegraf', code: `new Telegraf(token, { telegram: { apiRoot: '${base}/' } })` },
    { library: 'node-telegram-bot-api', code: `new TelegramBot(token, { polling: true, baseApiUrl: '${base}' })` },
    {
      library: 'python-telegram-bot',
      code: `Application.builder().token(TOKEN).base_url('${base}/bot').base_file_url('${base}/file/bot').build()`,
    },
  ];
}
