import { type Composer, ComposerView } from 'prompt-composer-react';

/** The composer both sides render: a static segment per HTML string, and a prompt card after them. */
export function ssrComposer(staticHtml: readonly string[]): Composer {
  return {
    composerId: 'server-rendered',
    composerName: 'Server rendered',
    version: '1.0.0',
    config: { schema: [], inputData: null, inputDataRootName: null },
    segments: [
      ...staticHtml.map((content) => ({ type: 'static' as const, content })),
      {
        type: 'prompt',
        promptId: 'summary',
        promptName: 'Summary',
        version: '2.0.0',
        systemMessage: 'Be brief.',
        userMessage: 'Summarise ${topic} for ${audience}.',
        config: { model: 'claude-sonnet', temperature: 0.2 },
      },
    ],
  };
}

/** The tree a server renders and the browser hydrates. */
export function SsrTree({ staticHtml }: { staticHtml: readonly string[] }) {
  return (
    <main>
      <ComposerView composer={ssrComposer(staticHtml)} values={{ topic: 'the quarter' }} />
    </main>
  );
}
