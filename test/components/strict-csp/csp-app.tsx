/**
 * The page the strict-CSP test serves: presentational components rendered on the server and hydrated,
 * and the connected ones mounted in the browser over the mock API. Server and browser render the same
 * `ServerRenderedApp`, so hydration matches.
 */
import { ComposerView, PromptCard, StaticSegment } from 'prompt-composer-react';
import { FIXTURE_COMPOSERS, FIXTURE_PROMPTS, HTML_SHOWCASE_UNSAFE } from 'prompt-composer-react/mocks';

const showcase = FIXTURE_COMPOSERS.find((composer) => composer.composerId === 'html-showcase');
const welcome = FIXTURE_PROMPTS.find((prompt) => prompt.promptId === 'welcome-email');

/** Static HTML with inline handlers, styles and `javascript:` links, a composer, and a prompt card. */
export function ServerRenderedApp() {
  if (!showcase || !welcome) throw new Error('the mock fixtures lost html-showcase or welcome-email');
  return (
    <main>
      <StaticSegment html={HTML_SHOWCASE_UNSAFE} />
      <ComposerView composer={showcase} values={{ product: { name: 'Lamp' } }} />
      <PromptCard prompt={welcome} values={{ customer: { name: 'Ada' } }} />
    </main>
  );
}
