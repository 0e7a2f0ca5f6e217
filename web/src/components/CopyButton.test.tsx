import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './CopyButton';

const URL = 'https://botlens.example/l/aZ3kP9qL';
const writeText = vi.fn<(text: string) => Promise<void>>();
Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

afterEach(() => {
  cleanup();
  writeText.mockReset();
  vi.useRealTimers();
});

const button = () => screen.getByRole('button', { name: `Копировать: ${URL}` });

describe('CopyButton', () => {
  it('says «Скопировано» once the clipboard holds the value, then offers to copy again', async () => {
    vi.useFakeTimers();
    writeText.mockResolvedValue();
    render(<CopyButton value={URL} label={URL} />);
    await act(async () => fireEvent.click(button()));
    expect(writeText).toHaveBeenCalledWith(URL);
    expect(button().textContent).toBe('Скопировано');
    await act(async () => {
      vi.advanceTimersByTime(1500);
    });
    expect(button().textContent).toBe('Копировать');
  });

  it('says it failed when the browser refuses the clipboard, instead of claiming a copy', async () => {
    writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    render(<CopyButton value={URL} label={URL} />);
    await act(async () => fireEvent.click(button()));
    expect(button().textContent).toBe('Не удалось скопировать');
  });
});
