import { describe, expect, it } from 'vitest';
import { mirrorSnippets } from './snippets';

describe('mirror snippets', () => {
  it('give each Telegram library the base it expects', () => {
    expect(mirrorSnippets({ platform: 'telegram', mirror_url: 'https://b.example/tg' })).toEqual([
      { library: 'grammY', code: "new Bot(token, { client: { apiRoot: 'https://b.example/tg' } })" },
      { library: 'telegraf', code: "new Telegraf(token, { telegram: { apiRoot: 'https://b.example/tg/' } })" },
      {
        library: 'node-telegram-bot-api',
        code: "new TelegramBot(token, { polling: true, baseApiUrl: 'https://b.example/tg' })",
      },
      {
        library: 'python-telegram-bot',
        code: "Application.builder().token(TOKEN).base_url('https://b.example/tg/bot').base_file_url('https://b.example/tg/file/bot').build()",
      },
    ]);
  });

  it('give @maxhub/max-bot-api the base with its trailing slash', () => {
    expect(mirrorSnippets({ platform: 'max', mirror_url: 'https://b.example/max' })).toEqual([
      {
        library: '@maxhub/max-bot-api',
        code: "new Bot(token, { clientOptions: { baseUrl: 'https://b.example/max/' } })",
      },
    ]);
  });
});
