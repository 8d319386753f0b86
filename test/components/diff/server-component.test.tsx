// PromptDiff and ComposerDiff with only what React gives a Server Component. React's server build (the
// `react-server` export condition that Next.js and other RSC bundlers resolve) has no client-only API:
// no useState, useEffect, useContext, createContext and so on. Here `react` is the real one with every
// function that build lacks replaced by one that throws, and the diff components are imported from
// their modules, as an RSC bundler's server graph reaches them (it never evaluates the barrel's "use
// client" modules on the server, which this mock would rightly refuse: the provider calls createContext).
import { createMockDb, FIXTURE_IDS } from 'prompt-composer-react/mocks';
import { germanCatalog } from '../../../src/catalog/german.ts';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ComposerDiff } from '../../../src/components/diff/ComposerDiff.tsx';
import { PromptDiff } from '../../../src/components/diff/PromptDiff.tsx';
import { StaticSegment } from '../../../src/components/composer/StaticSegment.tsx';

vi.mock('react', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  const { createRequire } = await import('node:module');
  const { dirname, join } = await import('node:path');
  const require = createRequire(import.meta.url);
  const server = require(join(dirname(require.resolve('react/package.json')), 'react.react-server.js')) as Record<string, unknown>;
  const refuse = (name: string) => () => {
    throw new Error(`${name} is not available in a React Server Component`);
  };
  const onlyServer = (react: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(react).map(([name, value]) => [name, name in server || typeof value !== 'function' ? value : refuse(name)]));
  return { ...onlyServer(actual), default: onlyServer(actual.default as Record<string, unknown>) };
});

const db = createMockDb();

describe('the presentational diffs with React’s server-component API only', () => {
  it('refuses a client-only hook (the check bites)', () => {
    // StaticSegment is a client component that reaches no context: importing it is fine, rendering it is not.
    expect(() => renderToString(<StaticSegment html="x" />)).toThrow('useSyncExternalStore is not available in a React Server Component');
  });

  it('renders PromptDiff', () => {
    const before = db.getPrompt(FIXTURE_IDS.prompts.accountReview, '1.0.0');
    const after = db.getPrompt(FIXTURE_IDS.prompts.accountReview, '2.0.0');
    if (before.status !== 'found' || after.status !== 'found') throw new Error('fixture missing');
    expect(renderToString(<PromptDiff before={before.value} after={after.value} />)).toContain('Changes: model, temperature');
  });

  it('renders ComposerDiff, prompt segments included', () => {
    const before = db.getComposer(FIXTURE_IDS.composers.renewalCheck, '1.0.0');
    const after = db.getComposer(FIXTURE_IDS.composers.renewalCheck, '2.0.0');
    if (before.status !== 'found' || after.status !== 'found') throw new Error('fixture missing');
    expect(renderToString(<ComposerDiff before={before.value} after={after.value} />)).toContain('Prompt Account review, from version 1.0.0 to 2.1.0');
  });

  it('renders them in the language of the catalog they are given (a Server Component reads no provider)', () => {
    const before = db.getComposer(FIXTURE_IDS.composers.renewalCheck, '1.0.0');
    const after = db.getComposer(FIXTURE_IDS.composers.renewalCheck, '2.0.0');
    if (before.status !== 'found' || after.status !== 'found') throw new Error('fixture missing');
    const html = renderToString(<ComposerDiff before={before.value} after={after.value} catalog={germanCatalog} />);
    expect(html).toContain('Prompt Account review, von Version 1.0.0 zu 2.1.0');
    expect(html).toContain('aria-label="Segmente"');
    expect(html).not.toMatch(/Segments|Changes:|added: |removed: /);
  });
});
