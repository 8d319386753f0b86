import {
  interpolate,
  interpolateParts,
  isMissingVariablesError,
  MissingVariablesError,
} from 'prompt-composer-react';
import { describe, expect, it } from 'vitest';

describe('interpolate', () => {
  it('fills placeholders, with or without whitespace', () => {
    expect(interpolate('Dear ${name}, ${ greeting }!', { name: 'Ada', greeting: 'welcome' })).toBe('Dear Ada, welcome!');
  });

  it('fills every occurrence of a repeated name', () => {
    expect(interpolate('${a}-${a}-${ a }', { a: 'x' })).toBe('x-x-x');
  });

  it('leaves a template without placeholders untouched', () => {
    expect(interpolate('no placeholders ${ here', { here: 'x' })).toBe('no placeholders ${ here');
  });

  it('treats an empty string as a value', () => {
    expect(interpolate('[${a}]', { a: '' }, { missing: 'throw' })).toBe('[]');
  });

  describe('non-string values', () => {
    it.each([
      [42, '42'],
      [-0.5, '-0.5'],
      [Number.NaN, 'NaN'],
      [true, 'true'],
      [false, 'false'],
      [12345678901234567890n, '12345678901234567890'],
      [new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6)), '2024-01-02T03:04:05.006Z'],
      [{ a: 1, b: [true, null] }, '{"a":1,"b":[true,null]}'],
      [[1, 'two'], '[1,"two"]'],
      [{ toJSON: () => 'custom' }, '"custom"'],
      [new Map([['a', 1]]), '{}'],
    ])('writes %o as %j', (value, expected) => {
      expect(interpolate('${v}', { v: value }, { missing: 'throw' })).toBe(expected);
    });

    it.each([
      ['null', null],
      ['undefined', undefined],
      ['a function', () => 'x'],
      ['a symbol', Symbol('x')],
      ['an invalid Date', new Date(Number.NaN)],
      ['an object holding a BigInt', { big: 1n }],
      ['a toJSON returning undefined', { toJSON: () => undefined }],
      ['a throwing toJSON', { toJSON: () => { throw new Error('boom'); } }],
    ])('counts %s as missing', (_label, value) => {
      expect(interpolate('[${v}]', { v: value })).toBe('[${v}]');
      expect(interpolate('[${v}]', { v: value }, { missing: 'empty' })).toBe('[]');
      expect(() => interpolate('[${v}]', { v: value }, { missing: 'throw' })).toThrow(MissingVariablesError);
    });

    it('counts a cyclic object as missing instead of throwing', () => {
      const cyclic: Record<string, unknown> = { a: 1 };
      cyclic.self = cyclic;
      expect(interpolate('${c}', { c: cyclic })).toBe('${c}');
      expect(interpolate('${c}', { c: cyclic }, { missing: 'empty' })).toBe('');
    });
  });

  describe('dotted paths', () => {
    it('walks nested own properties', () => {
      expect(interpolate('${ customer.address.city }', { customer: { address: { city: 'Oslo' } } })).toBe('Oslo');
    });

    it('prefers an own key spelled like the whole dotted name', () => {
      expect(interpolate('${customer.name}', { 'customer.name': 'flat', customer: { name: 'nested' } })).toBe('flat');
      expect(interpolate('${customer.name}', { customer: { name: 'nested' } })).toBe('nested');
    });

    it('never reads inherited properties', () => {
      const inherited: unknown = Object.create({ inherited: 'x' });
      expect(interpolate('${inherited}', inherited as Record<string, unknown>)).toBe('${inherited}');
      expect(interpolate('${o.inherited}', { o: inherited })).toBe('${o.inherited}');
      expect(interpolate('${o.inherited}', { o: inherited }, { missing: 'empty' })).toBe('');
    });

    it('is missing when a segment is absent, null or a primitive', () => {
      const values = { a: { b: null }, s: 'text', n: 5 };
      expect(interpolate('${a.b.c}|${a.x}|${s.length}|${n.toFixed}|${z.y}', values, { missing: 'empty' })).toBe('||||');
    });

    it('writes an object reached by a shorter path as JSON', () => {
      expect(interpolate('${customer}', { customer: { name: 'Ada' } })).toBe('{"name":"Ada"}');
    });

    it('reads own properties of null-prototype objects and arrays', () => {
      const values = Object.assign(Object.create(null) as Record<string, unknown>, { a: { b: 'ok' }, list: [1, 2] });
      expect(interpolate('${a.b} ${list.length}', values)).toBe('ok 2');
    });
  });

  describe('missing modes', () => {
    const template = 'Hi ${ name }, ${customer.id} ${name} ${ok} ${other}';
    const values = { ok: 'yes' };

    it("keeps the raw placeholder by default and with 'keep'", () => {
      const expected = 'Hi ${ name }, ${customer.id} ${name} yes ${other}';
      expect(interpolate(template, values)).toBe(expected);
      expect(interpolate(template, values, {})).toBe(expected);
      expect(interpolate(template, values, { missing: 'keep' })).toBe(expected);
    });

    it("replaces missing placeholders with '' with 'empty'", () => {
      expect(interpolate(template, values, { missing: 'empty' })).toBe('Hi ,   yes ');
    });

    it("throws one error listing every missing name once, in order, with 'throw'", () => {
      let caught: unknown;
      try {
        interpolate(template, values, { missing: 'throw' });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(MissingVariablesError);
      expect(caught).toBeInstanceOf(Error);
      expect(isMissingVariablesError(caught)).toBe(true);
      const error = caught as MissingVariablesError;
      expect(error.name).toBe('MissingVariablesError');
      expect(error.names).toEqual(['name', 'customer.id', 'other']);
      expect(error.message).toBe('Missing values for template variables: name, customer.id, other');
    });

    it("words the message for a single name and does not throw when nothing is missing", () => {
      expect(() => interpolate('${a}', {}, { missing: 'throw' })).toThrow('Missing a value for template variable: a');
      expect(interpolate('${a} ${1+1}', { a: 1 }, { missing: 'throw' })).toBe('1 ${1+1}');
    });

    it('lists all 10,000 missing names', () => {
      const template = Array.from({ length: 10_000 }, (_, index) => `\${v${index}}`).join('');
      expect(() => interpolate(template, {}, { missing: 'throw' })).toThrow(
        expect.objectContaining({ names: Array.from({ length: 10_000 }, (_, index) => `v${index}`) }),
      );
    });

    it('rejects an unknown mode', () => {
      const options = { missing: 'ignore' } as unknown as { missing: 'keep' };
      expect(() => interpolate('${a}', {}, options)).toThrow(TypeError);
    });
  });

  it('isMissingVariablesError is false for other values', () => {
    expect(isMissingVariablesError(new Error('x'))).toBe(false);
    expect(isMissingVariablesError({ name: 'MissingVariablesError', names: [] })).toBe(false);
    expect(isMissingVariablesError(null)).toBe(false);
  });
});

describe('interpolateParts', () => {
  it('returns text and variables with value and filled flag', () => {
    expect(interpolateParts('Hi ${ name }${x}${n}!', { name: 'Ada', n: 0 })).toEqual([
      { type: 'text', value: 'Hi ' },
      { type: 'variable', name: 'name', raw: '${ name }', value: 'Ada', filled: true },
      { type: 'variable', name: 'x', raw: '${x}', value: undefined, filled: false },
      { type: 'variable', name: 'n', raw: '${n}', value: '0', filled: true },
      { type: 'text', value: '!' },
    ]);
  });

  it('agrees with interpolate', () => {
    const template = 'a ${b} ${c.d} ${ e } ${1+1} ${';
    const values = { b: 1, c: { d: [2] } };
    const joined = interpolateParts(template, values)
      .map((part) => (part.type === 'text' ? part.value : (part.value ?? part.raw)))
      .join('');
    expect(joined).toBe(interpolate(template, values));
    expect(joined).toBe('a 1 [2] ${ e } ${1+1} ${');
  });
});
