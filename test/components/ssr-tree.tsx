import { ComposerView } from 'prompt-composer-react';
import { composerOf, promptSegment } from './composer-fixtures.ts';

/** The tree a server renders and the browser hydrates: a static segment per HTML string, then a prompt card. */
export function SsrTree({ staticHtml }: { staticHtml: readonly string[] }) {
  const composer = composerOf([...staticHtml.map((content) => ({ type: 'static' as const, content })), promptSegment]);
  return (
    <main>
      <ComposerView composer={composer} values={{ topic: 'the quarter' }} />
    </main>
  );
}
