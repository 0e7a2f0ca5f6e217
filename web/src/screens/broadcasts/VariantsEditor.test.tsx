import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { AbDraft, placeOfBroadcastError, startAb, toAbFields } from './variants';
import { VariantsEditor } from './VariantsEditor';

afterEach(cleanup);

/** The editor as the composer holds it: its state, a file or not, and the last refusal of the service. */
function Editor({ initial = startAb('Скидка 20%'), hasFile = false, refusal = null as ApiError | null }) {
  const [draft, setDraft] = useState<AbDraft>(initial);
  return (
    <>
      <VariantsEditor
        value={draft}
        onChange={setDraft}
        limitOf={(variant) => (hasFile && variant.file ? 1024 : 4000)}
        hasFile={hasFile}
        place={refusal ? placeOfBroadcastError(refusal) : null}
        error={refusal?.message ?? null}
      />
      <output data-testid="fields">{JSON.stringify(toAbFields(draft, hasFile))}</output>
    </>
  );
}

const legends = () => screen.getAllByRole('group').map((group) => group.querySelector('legend')?.textContent);
const fields = () => JSON.parse(screen.getByTestId('fields').textContent ?? '{}') as ReturnType<typeof toAbFields>;
const textOf = (letter: string) => screen.getByLabelText(`Текст варианта ${letter}`);

describe('VariantsEditor', () => {
  it('starts from the text already written beside an empty second variant, on everyone', () => {
    render(<Editor />);
    expect(legends()).toEqual(['Вариант A', 'Вариант B']);
    expect((textOf('A') as HTMLTextAreaElement).value).toBe('Скидка 20%');
    expect((textOf('B') as HTMLTextAreaElement).value).toBe('');
    // Two is the least: neither can be removed.
    expect(screen.queryByRole('button', { name: /Убрать вариант/ })).toBeNull();
    expect(screen.queryByLabelText('Выбрать победителя через, мин')).toBeNull();
    expect(screen.getByText('Все получатели поровну делятся между вариантами.')).toBeTruthy();
    expect(fields()).toEqual({
      variants: [
        { text: 'Скидка 20%', file: false },
        { text: '', file: false },
      ],
      testShare: '1',
      winnerAfterMinutes: null,
      winnerMetric: null,
    });
  });

  it('adds variants up to four and removes any one, the letters following the order', () => {
    render(<Editor />);
    fireEvent.change(textOf('B'), { target: { value: 'Второй' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить вариант C' }));
    fireEvent.change(textOf('C'), { target: { value: 'Третий' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить вариант D' }));
    expect(legends()).toEqual(['Вариант A', 'Вариант B', 'Вариант C', 'Вариант D']);
    // Four is the most.
    expect(screen.queryByRole('button', { name: /Добавить вариант/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Убрать вариант B' }));
    expect(legends()).toEqual(['Вариант A', 'Вариант B', 'Вариант C']);
    expect(fields().variants.map((variant) => variant.text)).toEqual(['Скидка 20%', 'Третий', '']);
    expect(screen.getByRole('button', { name: 'Добавить вариант D' })).toBeTruthy();
  });

  it('below 100 % asks when and by what the winner is chosen, and sends the share as a fraction', () => {
    render(<Editor />);
    fireEvent.change(screen.getByLabelText('Доля получателей в тесте, %'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Выбрать победителя через, мин'), { target: { value: '90' } });
    const metric = screen.getByLabelText('Победитель — по') as HTMLSelectElement;
    expect([...metric.options].map((option) => option.text)).toEqual(['кликам', 'ответам', 'выручке']);
    fireEvent.change(metric, { target: { value: 'revenue' } });
    expect(
      screen.getByText('Тестовая доля делится поровну между вариантами A, B; остальным уйдёт вариант-победитель.'),
    ).toBeTruthy();
    expect(fields()).toMatchObject({ testShare: '0.2', winnerAfterMinutes: '90', winnerMetric: 'revenue' });
    // Back to 100 %: the winner's fields go, and are not sent.
    fireEvent.change(screen.getByLabelText('Доля получателей в тесте, %'), { target: { value: '100' } });
    expect(screen.queryByLabelText('Победитель — по')).toBeNull();
    expect(fields()).toMatchObject({ testShare: '1', winnerAfterMinutes: null, winnerMetric: null });
  });

  it('with a file picked, each variant says whether it carries it', () => {
    render(<Editor hasFile />);
    const boxes = screen.getAllByRole('checkbox', { name: 'С файлом' }) as HTMLInputElement[];
    expect(boxes.map((box) => box.checked)).toEqual([true, true]);
    fireEvent.click(boxes[1]);
    expect(fields().variants).toEqual([
      { text: 'Скидка 20%', file: true },
      { text: '', file: false },
    ]);
  });

  it("shows the service's refusal at the variant it names", () => {
    render(<Editor refusal={new ApiError(400, 'variants[1].text too long for a caption (max 1024 chars)')} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('variants[1].text too long for a caption (max 1024 chars)');
    expect(alert.closest('fieldset')?.querySelector('legend')?.textContent).toBe('Вариант B');
    expect(textOf('B').getAttribute('aria-invalid')).toBe('true');
    expect(textOf('A').getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the service's refusal of the test's numbers at their fields", () => {
    const partial = { ...startAb('A'), sharePercent: '50' };
    const { rerender } = render(
      <Editor
        initial={partial}
        refusal={new ApiError(400, 'winner_after_minutes must be an integer from 10 to 10080')}
      />,
    );
    const minutes = screen.getByLabelText('Выбрать победителя через, мин');
    expect(minutes.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('winner_after_minutes must be an integer from 10 to 10080');
    expect(minutes.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);

    rerender(<Editor initial={partial} refusal={new ApiError(400, 'winner_metric clicked needs track_links: true')} />);
    expect(screen.getByLabelText('Победитель — по').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('winner_metric clicked needs track_links: true');

    rerender(<Editor initial={partial} refusal={new ApiError(400, 'test_share must be a number from 0.05 to 1')} />);
    expect(screen.getByLabelText('Доля получателей в тесте, %').getAttribute('aria-invalid')).toBe('true');
  });
});

describe("where a broadcast's refusal belongs", () => {
  it('at the field or variant the message names; anything else for the whole form', () => {
    const place = (status: number, message: string) => placeOfBroadcastError(new ApiError(status, message));
    expect(place(400, 'variants[3].file needs a file uploaded with the broadcast')).toEqual({
      field: 'variant',
      index: 3,
    });
    expect(place(400, 'variants must be an array of 2 to 4 variants')).toEqual({ field: 'variants' });
    expect(place(400, 'winner_after_minutes and winner_metric are required when test_share is below 1')).toEqual({
      field: 'winner_after_minutes',
    });
    expect(place(400, 'test_share, winner_after_minutes and winner_metric need variants')).toEqual({
      field: 'test_share',
    });
    expect(place(400, 'text too long with tracked links (max 1024 chars)')).toEqual({ field: 'track_links' });
    expect(place(400, 'segment must be a JSON object')).toEqual({ field: 'form' });
    expect(place(403, 'Недостаточно прав')).toEqual({ field: 'form' });
  });

  it('an unreadable share is sent as written, so the service says why', () => {
    expect(toAbFields({ ...startAb('A'), sharePercent: '1e3' }, false).testShare).toBe('1e3');
    expect(toAbFields({ ...startAb('A'), sharePercent: '12,5' }, false).testShare).toBe('0.125');
  });
});
