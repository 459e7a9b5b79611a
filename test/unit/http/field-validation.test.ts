import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { boundedInt, idField, optionalText, requiredText, wholeTaka } from '../../../functions/contract/fields';
import { parseInput } from '../../../functions/shared/validation';

describe('field rules', () => {
  const amount = v.object({ amount: wholeTaka() });
  const parseAmount = (value: unknown) => parseInput(amount, { amount: value }).amount;

  it('accepts whole taka as numbers or strings', () => {
    expect(parseAmount(500)).toBe(500);
    expect(parseAmount(' 20 ')).toBe(20);
  });

  it.each([['12.5'], [-5], ['0'], ['abc'], [''], [undefined], ['1e3'], [Number.NaN]])('refuses %s as an amount', (value) => {
    expect(() => parseAmount(value)).toThrow(expect.objectContaining({ statusCode: 400 }));
  });

  it('bounds integers with one message', () => {
    const qty = v.object({ qty: boundedInt(1, 10, 'Order between 1 and 10') });
    expect(parseInput(qty, { qty: '10' }).qty).toBe(10);
    for (const bad of ['0', '11', 'abc', '2.5']) expect(() => parseInput(qty, { qty: bad })).toThrow('Order between 1 and 10');
  });

  it('trims required text and refuses blanks with the given message', () => {
    const name = v.object({ name: requiredText('Required Field') });
    expect(parseInput(name, { name: '  Rahim ' }).name).toBe('Rahim');
    expect(() => parseInput(name, { name: '   ' })).toThrow('Required Field');
    expect(() => parseInput(name, {})).toThrow('Required Field');
  });

  it('turns empty optional text into undefined', () => {
    expect(parseInput(v.object({ note: optionalText() }), { note: '' }).note).toBeUndefined();
  });

  it('refuses malformed ids before any lookup', () => {
    const schema = v.object({ id: idField('category') });
    expect(parseInput(schema, { id: 'free-fire' }).id).toBe('free-fire');
    expect(() => parseInput(schema, { id: 'a/b' })).toThrow('Invalid category');
    expect(() => parseInput(schema, { id: 'x'.repeat(65) })).toThrow('Invalid category');
  });
});
