import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../../src/styles.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** Each innermost rule of the stylesheet: its selector, and its declarations in order, trimmed. */
function rules(): { selector: string; declarations: string }[] {
  return [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector = '', body = '']) => ({
    selector: selector.trim().replace(/\s+/g, ' '),
    declarations: body
      .split(';')
      .map((declaration) => declaration.trim())
      .filter(Boolean)
      .join('; '),
  }));
}

/** Each innermost rule with the at-rules around it (`@media (...)`), outermost first. */
function rulesWithContext(): { context: string[]; selector: string; declarations: string[] }[] {
  const found: { context: string[]; selector: string; declarations: string[] }[] = [];
  const open: string[] = [];
  let text = '';
  for (const character of css) {
    if (character === '{') {
      open.push(text.trim().replace(/\s+/g, ' '));
      text = '';
    } else if (character === '}') {
      const selector = open.pop() ?? '';
      const declarations = text.split(';').map((declaration) => declaration.trim()).filter(Boolean);
      if (declarations.length > 0) found.push({ context: [...open], selector, declarations });
      text = '';
    } else text += character;
  }
  return found;
}

describe('styles.css rules', () => {
  it('repeats no declarations: rules that share three or more share one selector list', () => {
    const selectorsByLook = new Map<string, string[]>();
    for (const { selector, declarations } of rules()) {
      if (declarations.split('; ').length < 3) continue;
      selectorsByLook.set(declarations, [...(selectorsByLook.get(declarations) ?? []), selector]);
    }
    const repeated = [...selectorsByLook.values()].filter((selectors) => selectors.length > 1);
    // The one exception, the dark palette: see styles-theme.test.ts for why it is written twice.
    expect(repeated).toEqual([[":root:not([data-theme='light'])", "[data-theme='dark']"]]);
  });

  it('lays out with logical properties only, so that dir="rtl" on an ancestor mirrors every component', () => {
    const physicalProperty = /^((margin|padding|border|inset|scroll-margin|scroll-padding)-(left|right|top|bottom)|(left|right|top|bottom)|(min-|max-)?(width|height)|float|clear)(-[a-z]+)?$/;
    const found: string[] = [];
    for (const { selector, declarations } of rules()) {
      for (const declaration of declarations.split('; ')) {
        const [property = '', value = ''] = declaration.split(/:\s*/, 2);
        if (physicalProperty.test(property) || /^text-align$/.test(property) && /left|right/.test(value)) found.push(`${selector} { ${declaration} }`);
        // A shorthand with different left and right values (`margin: 0 1rem 0 2rem`) does not mirror.
        const sides = value.split(/\s+/);
        if (/^(margin|padding|inset|border-width|border-radius)$/.test(property) && sides.length === 4 && sides[1] !== sides[3]) found.push(`${selector} { ${declaration} }`);
      }
    }
    expect(found).toEqual([]);
  });

  it('moves nothing for a reader who asked for reduced motion: every animation and transition is under (prefers-reduced-motion: no-preference)', () => {
    const moving = rulesWithContext().filter(({ declarations }) => declarations.some((declaration) => /^(animation|transition)(-[a-z-]+)?\s*:/.test(declaration)));
    expect(moving.length).toBeGreaterThan(0);
    const unguarded = moving.filter(({ context }) => !context.some((prelude) => /prefers-reduced-motion:\s*no-preference/.test(prelude)));
    expect(unguarded.map(({ selector }) => selector)).toEqual([]);
  });

  it('mirrors without :dir(), which production minifiers rewrite into a list of languages, and with no sideways shadow, which no logical property mirrors', () => {
    expect(css).not.toContain(':dir(');
    const sideways = rules().filter(({ declarations }) => /box-shadow: (inset )?-?[1-9]/.test(declarations));
    expect(sideways.map(({ selector }) => selector)).toEqual([]);
  });
});
