import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bot } from '../../api/queries/useBots';
import { AlertRulesForm } from './AlertRulesForm';

/** The calls the form made (method, path and body), and what the service answers the next one. */
const service = vi.hoisted(() => {
  const state = {
    calls: [] as Array<{ method: string; path: string; body: unknown }>,
    answer: (): Response => new Response(null, { status: 500 }),
  };
  // Set as this file loads: the API client calls whatever `globalThis.fetch` is at each request.
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.href), init);
    state.calls.push({ method: request.method, path: new URL(request.url).pathname, body: await request.json() });
    return state.answer();
  };
  return state;
});

const bot = {
  id: 'bot-1',
  name: 'Цветочная лавка',
  reply_window_s: 300,
  alerts: {
    silence: true,
    silence_messages: 3,
    silence_minutes: 10,
    errors: true,
    error_share: 0.2,
    target: true,
    polling: true,
    polling_minutes: 5,
  },
  open_alerts: [],
} as unknown as Bot;

beforeEach(() => {
  service.calls.length = 0;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AlertRulesForm bot={bot} />
    </QueryClientProvider>,
  );
});
afterEach(cleanup);

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Сохранить правила' }));
/** The error shown at a field: the element its aria-describedby names besides the hint. */
const errorAt = (label: string) => {
  const ids = (field(label).getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length ? document.getElementById(ids[0])?.textContent : null;
};
const rules = {
  silence: true,
  silence_messages: 3,
  silence_minutes: 10,
  errors: true,
  error_share: 0.2,
  target: true,
  polling: true,
  polling_minutes: 5,
};

describe('AlertRulesForm', () => {
  it("shows the bot's rules in force, the share with a decimal comma", () => {
    expect(field('Окно ответа, секунд').value).toBe('300');
    expect(field('Сообщений без ответа').value).toBe('3');
    expect(field('Ждут дольше, минут').value).toBe('10');
    expect(field('Доля неудачных отправок').value).toBe('0,2');
    expect(field('Без опроса дольше, минут').value).toBe('5');
    expect(field('Сообщать, если бот перестал отвечать').checked).toBe(true);
  });

  it('sends the window and every rule with PATCH /api/bots/:id, a comma read as a decimal point', async () => {
    service.answer = () => Response.json({ ...bot, reply_window_s: 600 }, { status: 200 });
    type('Окно ответа, секунд', ' 600 ');
    type('Ждут дольше, минут', '1');
    type('Доля неудачных отправок', '0,35');
    fireEvent.click(field('Сообщать, если бот перестал вызывать getUpdates через зеркало'));
    submit();
    await screen.findByText('Правила сохранены.');
    expect(service.calls).toEqual([
      {
        method: 'PATCH',
        path: '/api/bots/bot-1',
        body: {
          reply_window_s: 600,
          alerts: { ...rules, silence_minutes: 1, error_share: 0.35, polling: false },
        },
      },
    ]);
    // A rule switched off keeps its numbers, greyed out.
    expect(field('Без опроса дольше, минут').disabled).toBe(true);
  });

  it('sends nothing while a number is missing or unreadable, and says so at that field', () => {
    type('Сообщений без ответа', '');
    type('Доля неудачных отправок', 'пятая часть');
    submit();
    expect(service.calls).toEqual([]);
    expect(errorAt('Сообщений без ответа')).toBe('Введите число.');
    expect(errorAt('Доля неудачных отправок')).toBe('Введите число.');
    expect(errorAt('Ждут дольше, минут')).toBeNull();
    expect(field('Сообщений без ответа').getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the service's refusal of an alert rule at that rule's field, until it is changed", async () => {
    const message = 'alerts.silence_minutes must be an integer from 1 to 1440';
    service.answer = () => Response.json({ message }, { status: 400 });
    type('Ждут дольше, минут', '1441');
    submit();
    await waitFor(() => expect(errorAt('Ждут дольше, минут')).toBe(message));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(field('Ждут дольше, минут').getAttribute('aria-invalid')).toBe('true');
    expect(errorAt('Сообщений без ответа')).toBeNull();
    type('Ждут дольше, минут', '1440');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the reply window's refusal at the window's field", async () => {
    const message = 'reply_window_s must be an integer from 10 to 86400';
    service.answer = () => Response.json({ message }, { status: 400 });
    type('Окно ответа, секунд', '5');
    submit();
    await waitFor(() => expect(errorAt('Окно ответа, секунд')).toBe(message));
    expect(service.calls[0].body).toEqual({ reply_window_s: 5, alerts: rules });
  });

  it('shows any other refusal under the form, as the API said it', async () => {
    service.answer = () => Response.json({ message: 'Bot not found' }, { status: 404 });
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Bot not found'));
    expect(errorAt('Окно ответа, секунд')).toBeNull();
  });
});
