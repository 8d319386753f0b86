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

  it('shows a line rewritten in more than 1,000 words as the old line removed and the new one added, no words marked', () => {
    const words = (prefix: string) => Array.from({ length: 600 }, (_, index) => `${prefix}${index}`).join(' ');
    const before = { ...prompt('2.1.0'), userMessage: words('old') };
    const html = renderToString(<PromptDiff before={before} after={{ ...before, userMessage: words('new') }} />);
    const message = html.slice(html.indexOf('data-message="user"'));
    expect(message.match(/<del /g)).toHaveLength(1);
    expect(message.match(/<ins /g)).toHaveLength(1);
    expect(message).not.toContain('<mark');
  });

  it('shows static HTML as its outline, escaped text in the server HTML, and titles it by the text a reader sees', () => {
    const flow = composer('2.0.0');
    const html = renderToString(
      <ComposerDiff
        before={{ ...flow, segments: [{ type: 'static', content: '<p>Hello</p>' }] }}
        after={{ ...flow, segments: [{ type: 'static', content: '<style>p { color: red }</style><!-- note --><p>Hello <b>team</b></p><p>Bye</p><script>never shown' }] }}
      />,
    );
    expect(html).toContain('&lt;style&gt;p { color: red }&lt;/style&gt;');
    expect(html).toContain('&lt;p&gt;Hello &lt;b&gt;team&lt;/b&gt;&lt;/p&gt;');
    expect(html).toContain('&lt;script&gt;never shown');
    expect(html).not.toMatch(/<b>|<style|<script/);
    // The title reads the text: the style, the comment and the unclosed script are not text.
    expect(html).toContain('Static content: Hello team');
    // The rendered versions wait for a reader to open them: nothing of them is in the server HTML.
    expect(html).toContain('<details class="pcr-rendered"><summary class="pcr-rendered__summary">As rendered</summary></details>');
    expect(html).not.toContain('pcr-static');
  });
});
