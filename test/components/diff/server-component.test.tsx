// PromptDiff and ComposerDiff with only what React gives a Server Component. React's server build (the
// `react-server` export condition that Next.js and other RSC bundlers resolve) has no client-only API:
// no useState, useEffect, useContext, createContext and so on. Here `react` is the real one with every
// function that build lacks replaced by one that throws, and the diff components are imported from
// their modules, as an RSC bundler's server graph reaches them (it never evaluates the barrel's "use
// client" modules on the server, which this mock would rightly refuse: the provider calls createContext).
// ComposerDiff renders RenderedVersions (a "use client" module: the "As rendered" disclosure, which loads
// StaticSegment) for a static segment: an RSC bundler turns that import into a client reference, rendered
// by the client (and its server rendering) with its props, never run in the Server Component graph. So
// does the mock below.
import { createMockDb, FIXTURE_IDS } from 'prompt-composer-react/mocks';
import { germanCatalog } from '../../../src/catalog/german.ts';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ComposerDiff } from '../../../src/components/diff/ComposerDiff.tsx';
import { PromptDiff } from '../../../src/components/diff/PromptDiff.tsx';
import { useVersionSelection } from '../../../src/components/diff/useVersionSelection.ts';

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

vi.mock('../../../src/components/diff/views/RenderedVersions.tsx', async () => {
  const { createElement } = await import('react');
  return {
    RenderedVersions: ({ before, after }: { before?: string; after?: string }) =>
      createElement('template', { 'data-client-reference': 'RenderedVersions', 'data-before': before, 'data-after': after }),
  };
});

const db = createMockDb();

describe('the presentational diffs with React’s server-component API only', () => {
  it('refuses a client-only hook (the check bites)', () => {
    // The version diffs' selection is client state: importing it is fine, calling it is not.
    function Pickers() {
      useVersionSelection('welcome-email', undefined, undefined, ['1.0.0'], '1.0.0');
      return null;
    }
    expect(() => renderToString(<Pickers />)).toThrow('useState is not available in a React Server Component');
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
    const html = renderToString(<ComposerDiff before={before.value} after={after.value} />);
    expect(html).toContain('Prompt Account review, from version 1.0.0 to 2.1.0');
    // A static segment's versions go to the client component that renders them through the sanitizer, as props.
    expect(html).toContain('<template data-client-reference="RenderedVersions" data-before="&lt;p&gt;Offer a &lt;strong&gt;10% discount&lt;/strong&gt; when the risk is high.&lt;/p&gt;">');
  });

  it('renders them in the language of the catalog they are given (a Server Component reads no provider)', () => {
    const before = db.getComposer(FIXTURE_IDS.composers.renewalCheck, '1.0.0');
    const after = db.getComposer(FIXTURE_IDS.composers.renewalCheck, '2.0.0');
    if (before.status !== 'found' || after.status !== 'found') throw new Error('fixture missing');
    const html = renderToString(<ComposerDiff before={before.value} after={after.value} catalog={germanCatalog} />);
    expect(html).toContain('Prompt Account review, von Version 1.0.0 auf 2.1.0');
    expect(html).toContain('aria-label="Segmente"');
    // The prompt segment's variables, in words: what was added and what was removed, each named.
    expect(html).toMatch(/<span data-change="added">Hinzugefügt: <code>\$\{customer\.name\}<\/code>, <code>\$\{plan\}<\/code>.*?<\/span>; <span data-change="removed">entfernt: <code>\$\{account\.name\}<\/code>/);
    expect(html).not.toMatch(/Segments|Changes:|added: |removed: /);
  });
});
