import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackedLink } from '../../api/queries/useLinks';
import { LinkForm } from './LinkForm';

/** The create calls the form made (path and body), and what the service answers the next one. */
const service = vi.hoisted(() => {
  const state = {
    calls: [] as Array<{ path: string; body: unknown }>,
    answer: (): Response => new Response(null, { status: 500 }),
  };
  // Set as this file loads: the API client calls whatever `globalThis.fetch` is at each request.
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), window.location.href), init);
    state.calls.push({ path: new URL(request.url).pathname, body: await request.json() });
    return state.answer();
  };
  return state;
});

const created = {
  id: '6c1f0a4e-8d1b-4b5e-9d7a-0f3c2b1a9e8d',
  code: 'aZ3kP9qL',
  short_url: 'https://botlens.example/l/aZ3kP9qL',
  url: 'https://shop.example/sale',
  name: 'Осенняя распродажа',
  clicks: 0,
  unique_clicks: 0,
  created_at: '2026-11-28T10:00:00.000Z',
};

let onCreated: ReturnType<typeof vi.fn<(link: TrackedLink) => void>>;
beforeEach(() => {
  service.calls.length = 0;
  onCreated = vi.fn<(link: TrackedLink) => void>();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LinkForm botId="bot-1" onCreated={onCreated} />
    </QueryClientProvider>,
  );
});
afterEach(cleanup);

const urlField = () => screen.getByLabelText('Куда ведёт ссылка') as HTMLInputElement;
const nameField = () => screen.getByLabelText('Название (необязательно)') as HTMLInputElement;
const type = (field: HTMLInputElement, value: string) => fireEvent.change(field, { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Создать ссылку' }));
/** The error shown at a field: the element its aria-describedby names besides the hint. */
const errorAt = (field: HTMLInputElement) => {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length ? document.getElementById(ids[0])?.textContent : null;
};

describe('LinkForm', () => {
  it('sends nothing without a URL (spaces are none) and says so at the field until one is typed', () => {
    type(urlField(), '   ');
    submit();
    expect(service.calls).toEqual([]);
    expect(errorAt(urlField())).toBe('Вставьте адрес страницы, куда будет вести ссылка.');
    expect(urlField().getAttribute('aria-invalid')).toBe('true');
    type(urlField(), 'h');
    expect(errorAt(urlField())).toBeNull();
    expect(urlField().getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the service's 400 `неверный url` at the URL field and keeps what was typed", async () => {
    service.answer = () => Response.json({ message: 'неверный url' }, { status: 400 });
    type(urlField(), 'shop.example/sale');
    submit();
    await waitFor(() => expect(errorAt(urlField())).toBe('неверный url'));
    // Without a name when none was given.
    expect(service.calls).toEqual([{ path: '/api/bots/bot-1/links', body: { url: 'shop.example/sale' } }]);
    expect(screen.getByRole('alert').textContent).toBe('неверный url');
    expect(urlField().value).toBe('shop.example/sale');
    expect(errorAt(nameField())).toBeNull();
    expect(onCreated).not.toHaveBeenCalled();
    // Changing the URL takes the refusal away: it was about the value that was sent.
    type(urlField(), 'https://shop.example/sale');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a refusal of the name at the name field', async () => {
    const message = 'name must be a string of at most 200 characters, without control characters';
    service.answer = () => Response.json({ message }, { status: 400 });
    type(urlField(), 'https://shop.example/sale');
    type(nameField(), 'Осенняя распродажа');
    submit();
    await waitFor(() => expect(errorAt(nameField())).toBe(message));
    expect(errorAt(urlField())).toBeNull();
  });

  it('shows any other refusal under the form, as the API said it', async () => {
    service.answer = () => Response.json({ message: 'Bot not found' }, { status: 404 });
    type(urlField(), 'https://shop.example/sale');
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Bot not found'));
    expect(errorAt(urlField())).toBeNull();
  });

  it('creates the link with the URL and name trimmed, then empties the form', async () => {
    service.answer = () => Response.json(created, { status: 201 });
    type(urlField(), ' https://shop.example/sale\n');
    type(nameField(), '  Осенняя распродажа ');
    submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(service.calls).toEqual([
      { path: '/api/bots/bot-1/links', body: { url: 'https://shop.example/sale', name: 'Осенняя распродажа' } },
    ]);
    expect([urlField().value, nameField().value]).toEqual(['', '']);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
