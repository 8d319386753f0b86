// PromptDiff and ComposerDiff rendered on a server: plain Node, no DOM, no provider, no QueryClient.
import { ComposerDiff, PromptDiff } from 'prompt-composer-react';
import { createMockDb, FIXTURE_IDS } from 'prompt-composer-react/mocks';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

const db = createMockDb();
const prompt = (version: string) => {
  const found = db.getPrompt(FIXTURE_IDS.prompts.accountReview, version);
  if (found.status !== 'found') throw new Error('fixture missing');
  return found.value;
};
const composer = (version: string) => {
  const found = db.getComposer(FIXTURE_IDS.composers.renewalCheck, version);
  if (found.status !== 'found') throw new Error('fixture missing');
  return found.value;
};

describe('the presentational diffs on a server', () => {
  it('render with no DOM and no provider', () => {
    expect(typeof window).toBe('undefined');
    const html = renderToString(<PromptDiff before={prompt('1.0.0')} after={prompt('2.0.0')} />);
    expect(html).toContain('<h2');
    expect(html).toContain('From version 1.0.0 to 2.0.0');
    expect(html).toContain('<del class="pcr-diff__removed"><span class="pcr-diff__label">removed: </span>gpt-4.1-mini</del>');
    expect(html).toContain('<ins class="pcr-diff__added"><span class="pcr-diff__label">added: </span>claude-sonnet-4-5</ins>');
    expect(html).toContain('<code>${plan}</code>');
  });

  it('render a composer diff whose static HTML is text in the server HTML, never markup', () => {
    const html = renderToString(<ComposerDiff before={composer('1.0.0')} after={composer('2.0.0')} />);
    expect(html).toContain('Segments: 2 segments added, 1 removed, 2 changed, 2 unchanged.');
    expect(html).toContain('data-change="removed"');
    // The fixture's static segments hold <strong> and <a>; the diff shows their text only.
    expect(html).toContain('Offer a 10% discount when the risk is high.');
    expect(html).not.toMatch(/<strong|<a /);
  });

  it('shows a message rewritten in more than 1,000 words as one removal and one addition', () => {
    const words = (prefix: string) => Array.from({ length: 600 }, (_, index) => `${prefix}${index}`).join(' ');
    const before = { ...prompt('2.1.0'), userMessage: words('old') };
    const html = renderToString(<PromptDiff before={before} after={{ ...before, userMessage: words('new') }} />);
    const message = html.slice(html.indexOf('data-message="user"'));
    expect(message.match(/<del /g)).toHaveLength(1);
    expect(message.match(/<ins /g)).toHaveLength(1);
  });

  it('reads static HTML as its text: comments and hidden elements left out, an unclosed one hiding the rest', () => {
    const flow = composer('2.0.0');
    const html = renderToString(
      <ComposerDiff
        before={{ ...flow, segments: [{ type: 'static', content: '<p>Hello</p>' }] }}
        after={{ ...flow, segments: [{ type: 'static', content: '<p>Hello <!-- note --><b>team</b></p><style>p { color: red }</style><p>Bye</p><script>never shown' }] }}
      />,
    );
    expect(html).toContain('<span class="pcr-diff__label">added: </span>team');
    expect(html).toContain('Bye');
    expect(html).not.toMatch(/note|color: red|never shown/);
  });
});
