/**
 * The page the strict-CSP test serves: presentational components rendered on the server and hydrated,
 * and the connected ones mounted in the browser over the mock API. Server and browser render the same
 * `ServerRenderedApp`, so hydration matches.
 */
import { type Composer, ComposerDiff, ComposerView, PromptCard, StaticSegment } from 'prompt-composer-react';
import { FIXTURE_COMPOSERS, FIXTURE_PROMPTS, HTML_SHOWCASE_UNSAFE } from 'prompt-composer-react/mocks';

const showcase = FIXTURE_COMPOSERS.find((composer) => composer.composerId === 'html-showcase');
const welcome = FIXTURE_PROMPTS.find((prompt) => prompt.promptId === 'welcome-email');

/** The showcase as an earlier version had it: its second static segment plain, the hostile markup added since. */
function earlierShowcase(composer: Composer): Composer {
  const segments = composer.segments.map((segment, index) =>
    index === 1 && segment.type === 'static' ? { ...segment, content: '<h3>Markup that must be removed</h3>\n<p>Nothing yet.</p>' } : segment,
  );
  return { ...composer, version: '0.9.0', segments };
}

/**
 * Static HTML with inline handlers, styles and `javascript:` links, a composer, a prompt card, and a diff
 * of two versions of the composer whose "As rendered" view renders the hostile version once opened.
 */
export function ServerRenderedApp() {
  if (!showcase || !welcome) throw new Error('the mock fixtures lost html-showcase or welcome-email');
  return (
    <main>
      <StaticSegment html={HTML_SHOWCASE_UNSAFE} />
      <ComposerView composer={showcase} values={{ product: { name: 'Lamp' } }} />
      <PromptCard prompt={welcome} values={{ customer: { name: 'Ada' } }} />
      <ComposerDiff before={earlierShowcase(showcase)} after={showcase} />
    </main>
  );
}
