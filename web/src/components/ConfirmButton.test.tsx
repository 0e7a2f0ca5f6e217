import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { ConfirmButton } from './ConfirmButton';

afterEach(cleanup);

const renderButton = (action: () => Promise<unknown>) =>
  render(
    <ConfirmButton label="Отозвать" question="Отозвать ключ «CRM»?" confirmLabel="Да, отозвать" action={action} />,
  );

describe('ConfirmButton', () => {
  it('does nothing until the question is confirmed; cancelling leaves everything as it was', () => {
    const action = vi.fn(() => Promise.resolve());
    renderButton(action);
    fireEvent.click(screen.getByRole('button', { name: 'Отозвать' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Отозвать ключ «CRM»?');
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(action).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('acts on confirmation and closes the question', async () => {
    const action = vi.fn(() => Promise.resolve());
    renderButton(action);
    fireEvent.click(screen.getByRole('button', { name: 'Отозвать' }));
    fireEvent.click(screen.getByRole('button', { name: 'Да, отозвать' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(action).toHaveBeenCalledTimes(1);
  });

  it("keeps the question open with the API's refusal", async () => {
    renderButton(() => Promise.reject(new ApiError(409, 'Нельзя удалить свою учётную запись')));
    fireEvent.click(screen.getByRole('button', { name: 'Отозвать' }));
    fireEvent.click(screen.getByRole('button', { name: 'Да, отозвать' }));
    await screen.findByText('Нельзя удалить свою учётную запись');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });
});
