import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { ErrorMessage } from './feedback';

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
