import { extractVariables, parseTemplate, type TemplateToken } from 'prompt-composer-react';
import { describe, expect, it } from 'vitest';

/** The variable tokens' names, for short assertions. */
const names = (tokens: TemplateToken[]) => tokens.flatMap((token) => (token.type === 'variable' ? [token.name] : []));

describe('parseTemplate', () => {
  it('splits text and placeholders with exact offsets and raw text', () => {
    const template = 'Hi ${ customer.name }, you owe ${amount}.';
    expect(parseTemplate(template)).toEqual([
      { type: 'text', value: 'Hi ' },
      { type: 'variable', name: 'customer.name', path: ['customer', 'name'], raw: '${ customer.name }', start: 3, end: 21 },
      { type: 'text', value: ', you owe ' },
      { type: 'variable', name: 'amount', path: ['amount'], raw: '${amount}', start: 31, end: 40 },
      { type: 'text', value: '.' },
    ]);
  });

  it('returns no tokens for an empty template and one text token for plain text', () => {
    expect(parseTemplate('')).toEqual([]);
    expect(parseTemplate('plain $ { } text')).toEqual([{ type: 'text', value: 'plain $ { } text' }]);
  });

  it('trims any whitespace inside the braces, newlines and tabs included', () => {
    expect(names(parseTemplate('${name}${ name }${\n\tname\n}'))).toEqual(['name', 'name', 'name']);
  });

  it.each([
    'a', '_a', '$a', '$', 'a1', 'a-b', 'a_b$', 'customer.name', 'a.b.c', '_.$', 'prénom', 'имя', '名前', 'नाम', 'a.b-c.d1',
  ])('accepts the name %j', (name) => {
    expect(parseTemplate(`\${${name}}`)).toEqual([
      { type: 'variable', name, path: name.split('.'), raw: `\${${name}}`, start: 0, end: name.length + 3 },
    ]);
  });

  it.each([
    '', ' ', '1', '1a', '1+1', 'a b', 'a.', '.a', 'a..b', 'a.1', '-a', 'a+b', 'a()', 'a[0]', "a['b']", 'a\\b', 'a/b', 'a:b',
    '`x`', 'a,b', '🙂', 'a🙂',
  ])('keeps ${%s} as literal text', (inner) => {
    const template = `x\${${inner}}y`;
    expect(parseTemplate(template)).toEqual([{ type: 'text', value: template }]);
  });

  it('treats an unterminated ${ as text', () => {
    expect(parseTemplate('Hello ${name')).toEqual([{ type: 'text', value: 'Hello ${name' }]);
    expect(parseTemplate('${')).toEqual([{ type: 'text', value: '${' }]);
    expect(parseTemplate('$${a')).toEqual([{ type: 'text', value: '$${a' }]);
  });

  it('takes the innermost placeholder of nested ${ and keeps the rest as text', () => {
    expect(parseTemplate('${a${b}}')).toEqual([
      { type: 'text', value: '${a' },
      { type: 'variable', name: 'b', path: ['b'], raw: '${b}', start: 3, end: 7 },
      { type: 'text', value: '}' },
    ]);
    expect(names(parseTemplate('${${${x}}}'))).toEqual(['x']);
    expect(names(parseTemplate('$${a}'))).toEqual(['a']);
    expect(names(parseTemplate('${a}}'))).toEqual(['a']);
  });

  it('merges text around an invalid placeholder into one token', () => {
    expect(parseTemplate('a ${1+1} b ${ok}')).toEqual([
      { type: 'text', value: 'a ${1+1} b ' },
      { type: 'variable', name: 'ok', path: ['ok'], raw: '${ok}', start: 11, end: 16 },
    ]);
  });

  it('finds adjacent placeholders', () => {
    expect(parseTemplate('${a}${b}')).toEqual([
      { type: 'variable', name: 'a', path: ['a'], raw: '${a}', start: 0, end: 4 },
      { type: 'variable', name: 'b', path: ['b'], raw: '${b}', start: 4, end: 8 },
    ]);
  });

  it('does not recognise other placeholder syntaxes', () => {
    expect(names(parseTemplate('{{a}} {a} $a #{a} %{a}'))).toEqual([]);
  });

  it('parses 10,000 placeholders', () => {
    const template = Array.from({ length: 10_000 }, (_, index) => `\${v${index}}`).join(' ');
    const tokens = parseTemplate(template);
    expect(tokens).toHaveLength(19_999);
    expect(names(tokens)).toEqual(Array.from({ length: 10_000 }, (_, index) => `v${index}`));
  });

  it('parses a 1 MB template made of unterminated ${', () => {
    const template = '${'.repeat(500_000);
    expect(parseTemplate(template)).toEqual([{ type: 'text', value: template }]);
  });
});

describe('extractVariables', () => {
  it('lists unique names in order of first appearance, dotted names as written', () => {
    expect(extractVariables('${b} ${ a } ${customer.name} ${b} ${a} ${1+1} ${customer}')).toEqual([
      'b',
      'a',
      'customer.name',
      'customer',
    ]);
  });

  it('returns an empty list when there is no placeholder', () => {
    expect(extractVariables('no ${} placeholders ${ here')).toEqual([]);
  });

  it('lists hostile names as plain names', () => {
    expect(extractVariables('${__proto__}${constructor}${toString}${hasOwnProperty}')).toEqual([
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
    ]);
  });
});
