import { extractVariables, interpolate, interpolateParts, parseTemplate } from 'prompt-composer-react';
import { afterEach, describe, expect, it } from 'vitest';

const MB = 1024 * 1024;

describe('hostile names never reach the prototype chain', () => {
  afterEach(() => {
    // Nothing may have been written to Object.prototype by any test here.
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__'])(
    '${%s} is missing on an ordinary object, in every mode',
    (name) => {
      const template = `[\${${name}}]`;
      expect(interpolate(template, {})).toBe(template);
      expect(interpolate(template, { other: 1 }, { missing: 'empty' })).toBe('[]');
      expect(() => interpolate(template, {}, { missing: 'throw' })).toThrow(expect.objectContaining({ names: [name] }));
    },
  );

  it('reads them when they are own properties', () => {
    const values = JSON.parse('{"__proto__":"p","constructor":"c","toString":"t","hasOwnProperty":"h"}') as Record<
      string,
      unknown
    >;
    expect(interpolate('${__proto__} ${constructor} ${toString} ${hasOwnProperty}', values)).toBe('p c t h');
  });

  it('does not walk into inherited objects along a path', () => {
    const template = '${constructor.name}|${a.constructor.constructor}|${__proto__.polluted}|${toString.call}';
    expect(interpolate(template, { a: {} }, { missing: 'empty' })).toBe('|||');
  });

  it('reads a key named __proto__ along a path only when it is own', () => {
    const nested = JSON.parse('{"o":{"__proto__":{"x":"own"}}}') as Record<string, unknown>;
    expect(interpolate('${o.__proto__.x}', nested)).toBe('own');
    expect(interpolate('${o.__proto__.x}', { o: Object.create({ x: 'inherited' }) })).toBe('${o.__proto__.x}');
  });

  it('does not trust an overridden hasOwnProperty on the values', () => {
    const values = { hasOwnProperty: () => true, present: 'yes' };
    expect(interpolate('${present} ${absent} ${hasOwnProperty}', values)).toBe('yes ${absent} ${hasOwnProperty}');
  });
});

describe('values are text, never code or templates', () => {
  it('never re-scans a value for placeholders', () => {
    expect(interpolate('${a}${b}', { a: '${b}', b: 'B' })).toBe('${b}B');
    expect(interpolate('${a}', { a: '${a}${a}' }, { missing: 'throw' })).toBe('${a}${a}');
  });

  it('keeps HTML in values verbatim', () => {
    const html = '<script>alert(1)</script><img src=x onerror=alert(1)>&amp;&lt;"\'';
    expect(interpolate('<p>${v}</p>', { v: html })).toBe(`<p>${html}</p>`);
  });

  it('keeps String.prototype.replace patterns in values verbatim', () => {
    expect(interpolate('x${v}y', { v: "$& $1 $$ $` $' $<n>" })).toBe("x$& $1 $$ $` $' $<n>y");
  });

  it('never evaluates expressions in the template', () => {
    const template = '${alert(1)} ${process.exit()} ${constructor.constructor("return this")()} ${1+1} ${`x`}';
    expect(interpolate(template, { alert: 'a', process: { exit: 'e' } })).toBe(template);
  });

  it('keeps lone surrogates and emoji in values and text', () => {
    expect(interpolate('\uD800${v}\uDC00🙂', { v: '\uDFFF🎉' })).toBe('\uD800\uDFFF🎉\uDC00🙂');
  });
});

describe('nesting and unicode', () => {
  it('fills the innermost placeholder of nested ${', () => {
    expect(interpolate('${a${b}}', { a: 'A', b: 'B' })).toBe('${aB}');
    expect(interpolate('${a${b}}', {}, { missing: 'empty' })).toBe('${a}');
    expect(interpolate('${${${x}}}', { x: 1 })).toBe('${${1}}');
  });

  it('fills unicode names', () => {
    expect(interpolate('${prénom} ${名前} ${имя.фамилия} ${नाम}', { prénom: 'A', 名前: 'B', имя: { фамилия: 'C' }, नाम: 'D' })).toBe(
      'A B C D',
    );
  });
});

describe('large input', () => {
  it('handles a 1 MB value', () => {
    const value = 'v'.repeat(MB);
    const result = interpolate('<${a}>', { a: value });
    expect(result).toHaveLength(MB + 2);
    expect(result.startsWith('<vvv') && result.endsWith('vvv>')).toBe(true);
  });

  it('handles 1 MB of text around a placeholder', () => {
    const side = 'x'.repeat(MB / 2);
    expect(interpolate(`${side}\${a}${side}`, { a: 'A' })).toBe(`${side}A${side}`);
  });

  it('handles a 1 MB unterminated ${ and a 1 MB name', () => {
    const unterminated = '${' + 'a'.repeat(MB);
    expect(interpolate(unterminated, { a: 'x' })).toBe(unterminated);
    const longName = 'n'.repeat(MB);
    expect(interpolate(`\${${longName}}`, { [longName]: 'ok' })).toBe('ok');
    expect(extractVariables(`\${ ${longName} }`)).toEqual([longName]);
  });

  it('handles 1 MB of nested ${ and stray braces', () => {
    const template = '${{}}$'.repeat(MB / 6);
    expect(interpolate(template, {})).toBe(template);
    expect(parseTemplate(template)).toEqual([{ type: 'text', value: template }]);
  });

  it('fills 10,000 placeholders', () => {
    const count = 10_000;
    const values: Record<string, number> = {};
    for (let index = 0; index < count; index += 1) values[`v${index}`] = index;
    const template = Array.from({ length: count }, (_, index) => `\${v${index}}`).join(',');
    const expected = Array.from({ length: count }, (_, index) => String(index)).join(',');
    expect(interpolate(template, values, { missing: 'throw' })).toBe(expected);
    expect(interpolateParts(template, values).filter((part) => part.type === 'variable' && part.filled)).toHaveLength(count);
  });

  it('fills 250,000 repeats of one placeholder', () => {
    expect(interpolate('${a}'.repeat(250_000), { a: 'b' })).toBe('b'.repeat(250_000));
  });
});
