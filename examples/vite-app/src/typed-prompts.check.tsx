// Type-checked (tsc in test:example), never imported by the app: with src/prompt-api.gen.d.ts, the
// package from the tarball rejects unknown ids, unpublished versions, incomplete values and unknown names.
import { chatMessages, type PromptData, PromptPreview, usePrompt } from 'prompt-composer-react';

export function useTypeChecks(welcome: PromptData<'welcome-email', '1.1.0'>) {
  // @ts-expect-error 'no-such-id' is not a published prompt
  usePrompt('no-such-id');
  // @ts-expect-error welcome-email never published 2.1.0
  usePrompt('welcome-email', { version: '2.1.0' });
  // @ts-expect-error welcome-email 1.1.0 needs `plan` too
  chatMessages(welcome, { name: 'Ada' });
  // @ts-expect-error `firstStep` is not a variable of 1.1.0
  chatMessages(welcome, { name: 'Ada', plan: 'Pro', firstStep: 'x' });
  const preview = (
    <>
      {/* @ts-expect-error `firstStep` is not a variable of 1.0.0 (initial values may leave any variable out) */}
      <PromptPreview promptId="welcome-email" version="1.0.0" initialValues={{ firstStep: 'x' }} />
      <PromptPreview promptId="welcome-email" version="1.0.0" initialValues={{}} />
      <PromptPreview promptId="welcome-email" version="1.0.0" initialValues={{ name: 'Ada' }} />
    </>
  );
  return [preview, chatMessages(welcome, { name: 'Ada', plan: 'Pro' })];
}
