import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { ErrorMessage, QueryState } from './feedback';

afterEach(cleanup);

describe('ErrorMessage', () => {
  it("shows the API's own message", () => {
    render(<ErrorMessage error={new ApiError(409, 'Бот с таким ID/token уже добавлен')} />);
    expect(screen.getByRole('alert').textContent).toBe('Бот с таким ID/token уже добавлен');
  });

  it('says a 403 is a matter of rights and keeps what the API said', () => {
    render(<ErrorMessage error={new ApiError(403, 'Подтвердите email')} />);
    expect(screen.getByRole('alert').textContent).toBe('Недостаточно прав для этого действия: Подтвердите email');
  });

  it("says the API's bare 403 once, not twice", () => {
    render(<ErrorMessage error={new ApiError(403, 'Недостаточно прав')} />);
    expect(screen.getByRole('alert').textContent).toBe('Недостаточно прав для этого действия');
  });

  it("shows a deactivated bot's 403 as it is: the bot's state, not the user's rights", () => {
    render(<ErrorMessage error={new ApiError(403, 'Bot is deactivated')} />);
    expect(screen.getByRole('alert').textContent).toBe('Bot is deactivated');
  });

  it('shows a network failure as the service being unreachable', () => {
    render(<ErrorMessage error={new TypeError('Failed to fetch')} />);
    expect(screen.getByRole('alert').textContent).toBe('Сервис недоступен. Проверьте соединение.');
  });
});

describe('QueryState', () => {
  const query = (state: Partial<Parameters<typeof QueryState<string>>[0]['query']>) => ({
    data: undefined,
    error: null,
    fetchStatus: 'fetching' as const,
    refetch: vi.fn(() => Promise.resolve()),
    ...state,
  });
  const show = (state: Parameters<typeof query>[0]) =>
    render(<QueryState query={query(state)}>{(data) => <p>{data}</p>}</QueryState>);

  it('says it is loading until the first answer', () => {
    show({});
    expect(screen.getByRole('status').textContent).toBe('Загрузка…');
  });

  it("shows the API's error with a retry that reads again", () => {
    const failed = query({ error: new ApiError(500, 'Сервис недоступен'), fetchStatus: 'idle' });
    render(<QueryState query={failed}>{(data) => <p>{data}</p>}</QueryState>);
    expect(screen.getByRole('alert').textContent).toContain('Сервис недоступен');
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the data once it is there', () => {
    show({ data: 'Магазин', fetchStatus: 'idle' });
    expect(screen.getByText('Магазин')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps the data in view under the error when reading it again fails', () => {
    show({ data: 'Магазин', error: new TypeError('Failed to fetch'), fetchStatus: 'idle' });
    expect(screen.getByText('Магазин')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Сервис недоступен. Проверьте соединение.');
  });

  it('shows nothing for a query that is not enabled', () => {
    const { container } = show({ fetchStatus: 'idle' });
    expect(container.innerHTML).toBe('');
  });
});
