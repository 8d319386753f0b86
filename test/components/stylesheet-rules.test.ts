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
});
