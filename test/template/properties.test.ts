import fc from 'fast-check';
import { interpolate, parseTemplate, type TemplateToken } from 'prompt-composer-react';
import { describe, expect, it } from 'vitest';

/** Characters and words that make names, near-misses and hostile names likely. */
const nameUnit = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('a', 'b', 'Z', '_', '$', '-', '.', ' ', '1', 'é', '名') },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty') },
);

/** Something that looks like a placeholder: valid, invalid, unterminated or nested. */
const placeholderLike = fc
  .tuple(fc.constantFrom('${', '${ ', '$${', '${\n'), fc.string({ unit: nameUnit, maxLength: 8 }), fc.constantFrom('}', ' }', '}}', ''))
  .map((parts) => parts.join(''));

/** Pieces that make placeholders actually occur among stray `$`, braces, dots and arbitrary code points. */
const templateUnit = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('$', '{', '}', '${', '.', ' ', '\n', 'a', 'b', 'Z', '_', '-', '1', 'é', '名') },
  { weight: 2, arbitrary: placeholderLike },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
);

const biasedTemplate = fc.string({ unit: templateUnit, maxLength: 40 });
const anyTemplate = fc.string({ unit: 'binary' });
const runs = { numRuns: 1000 };

const hasVariable = (tokens: TemplateToken[]) => tokens.some((token) => token.type === 'variable');

/** Runs `check` on both generators and proves the biased one actually produced placeholders. */
function forTemplates(check: (template: string) => void) {
  fc.assert(fc.property(anyTemplate, check), runs);
  let withPlaceholders = 0;
  fc.assert(
    fc.property(biasedTemplate, (template) => {
      if (hasVariable(parseTemplate(template))) withPlaceholders += 1;
      check(template);
    }),
    runs,
  );
  expect(withPlaceholders).toBeGreaterThan(runs.numRuns / 4);
}

describe('properties', () => {
  it("interpolate(t, {}) with missing 'keep' returns t unchanged", () => {
    forTemplates((template) => {
      expect(interpolate(template, {}, { missing: 'keep' })).toBe(template);
      expect(interpolate(template, {})).toBe(template);
    });
  });

  it("parseTemplate tokens concatenate back to the template, with consistent offsets", () => {
    forTemplates((template) => {
      const tokens = parseTemplate(template);
      expect(tokens.map((token) => (token.type === 'text' ? token.value : token.raw)).join('')).toBe(template);
      let offset = 0;
      tokens.forEach((token, index) => {
        if (token.type === 'text') {
          expect(token.value).not.toBe('');
          expect(tokens[index + 1]?.type).not.toBe('text');
          offset += token.value.length;
        } else {
          expect(token.start).toBe(offset);
          expect(template.slice(token.start, token.end)).toBe(token.raw);
          expect(token.path.join('.')).toBe(token.name);
          offset = token.end;
        }
      });
    });
  });

  it('fills every placeholder and never re-scans the values', () => {
    forTemplates((template) => {
      const tokens = parseTemplate(template);
      // Each value is itself a placeholder: re-scanning would change the output.
      const valueOf = (name: string) => `\${${name}}!`;
      const values = Object.fromEntries(
        tokens.flatMap((token) => (token.type === 'variable' ? [[token.name, valueOf(token.name)]] : [])),
      );
      const expected = tokens.map((token) => (token.type === 'text' ? token.value : valueOf(token.name))).join('');
      expect(interpolate(template, values, { missing: 'throw' })).toBe(expected);
    });
  });

  it("with missing 'empty', leaves exactly the text tokens", () => {
    forTemplates((template) => {
      const text = parseTemplate(template)
        .map((token) => (token.type === 'text' ? token.value : ''))
        .join('');
      expect(interpolate(template, {}, { missing: 'empty' })).toBe(text);
    });
  });
});
