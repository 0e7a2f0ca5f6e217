import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { addChips, ChipsInput } from './ChipsInput';

afterEach(cleanup);

function Keywords({ initial = [] as string[] }) {
  const [values, setValues] = useState(initial);
  return <ChipsInput label="Ключевые слова" values={values} onChange={setValues} />;
}

const chips = () => screen.queryAllByRole('listitem').map((item) => item.firstChild?.textContent);

describe('ChipsInput', () => {
  it('adds what was typed on Enter, and each part of a comma-separated paste', () => {
    render(<Keywords />);
    const input = screen.getByLabelText('Ключевые слова', { selector: 'input' });
    fireEvent.change(input, { target: { value: 'доставка' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: ' курьер, самовывоз ,' } });
    fireEvent.blur(input);
    expect(chips()).toEqual(['доставка', 'курьер', 'самовывоз']);
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('removes a chip with its button, and the last one with Backspace in the empty field', () => {
    render(<Keywords initial={['a', 'b', 'c']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить «b»' }));
    expect(chips()).toEqual(['a', 'c']);
    fireEvent.keyDown(screen.getByLabelText('Ключевые слова', { selector: 'input' }), { key: 'Backspace' });
    expect(chips()).toEqual(['a']);
  });

  it('ignores empty parts and repeats in any case', () => {
    const values = ['Доставка'];
    expect(addChips(values, 'доставка, ,')).toBe(values);
    expect(addChips(values, 'курьер,Курьер')).toEqual(['Доставка', 'курьер']);
  });
});
