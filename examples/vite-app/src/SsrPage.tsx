import type { Composer } from 'prompt-composer-react';
import { ComposerPreview, ComposerView } from 'prompt-composer-react';

/** The page rendered on the server and hydrated in the browser: a plain view and a connected preview. */
export function SsrPage({ showcase }: { showcase: Composer }) {
  return (
    <main>
      <h1>Server-rendered composer</h1>
      <ComposerView composer={showcase} values={{}} />
      <ComposerPreview composerId="onboarding-flow" />
    </main>
  );
}
