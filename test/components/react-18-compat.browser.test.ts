/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';

/**
 * React 18.3 is a declared peer: the library's browser code must not use React 19-only APIs. The suite
 * runs on React 19, so only a look at the source catches them.
 */
const sources = import.meta.glob<string>(['../../src/**/*.{ts,tsx}', '!../../src/mocks/**'], { query: '?raw', import: 'default', eager: true });

const REACT_19_ONLY: ReadonlyArray<[string, RegExp]> = [
  ['use() from react', /import\s*\{[^}]*\buse\b[^}]*\}\s*from\s*'react'/],
  ['use(...) call', /(?<![.\w$])use\(/],
  ['<Context value> without .Provider', /<\w*Context\s+value=/],
  ['useActionState', /\buseActionState\b/],
  ['useOptimistic', /\buseOptimistic\b/],
  ['useFormStatus', /\buseFormStatus\b/],
  ['useEffectEvent', /\buseEffectEvent\b/],
];

describe('React 18 compatibility of src/', () => {
  it('reads some sources', () => {
    expect(Object.keys(sources).some((path) => path.endsWith('ScopedPromptCard.tsx'))).toBe(true);
  });

  it('uses no React 19-only API', () => {
    const found = Object.entries(sources).flatMap(([path, text]) =>
      REACT_19_ONLY.filter(([, pattern]) => pattern.test(text)).map(([name]) => `${path.replace('../../', '')}: ${name}`),
    );
    expect(found).toEqual([]);
  });
});
