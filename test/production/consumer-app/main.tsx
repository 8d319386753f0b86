/**
 * A consumer app as Vite's React template starts one (its index.css: a centred #root), built for production
 * by test/production/production-builds.test.ts. It shows what has a side (the usage banner's and the quota
 * error's upgrade arrows, the error's Details chevron, a flagged card's bar, a diff's arrow and lines) and
 * what must not inherit the app's alignment (prompt text, diff lines, labels, the banner). `?api=` is the
 * mock server, `?dir=rtl` mirrors the page.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ComposerPreview, createPromptApiClient, type Prompt, PromptApiProvider, PromptCard, PromptDiff, UsageBanner } from 'prompt-composer-react';
import 'prompt-composer-react/styles.css';
import { createRoot } from 'react-dom/client';
import './index.css';

const query = new URLSearchParams(window.location.search);
const baseUrl = query.get('api') ?? 'http://127.0.0.1:4010';
if (query.get('dir') === 'rtl') document.documentElement.dir = 'rtl';

const prompt: Prompt = {
  promptId: 'release-notes',
  promptName: 'Release notes',
  version: '1.0.0',
  systemMessage: 'You write release notes.',
  userMessage: 'Summarize version 2.0.0 for ${team}.\nKeep it short.',
  config: { model: 'gpt-4o-mini', temperature: 0.2, schema: [], inputData: null, inputDataRootName: null },
};
const newer: Prompt = {
  ...prompt,
  version: '1.1.0',
  userMessage: 'Summarize version 1.0.0 for ${team}.\nKeep it short.',
  config: { ...prompt.config, temperature: 0.3, inputData: { team: 'Design' } },
};

const free = createPromptApiClient({ baseUrl, apiKey: 'pk_test_free' });
const exhausted = createPromptApiClient({ baseUrl, apiKey: 'pk_test_exhausted' });

createRoot(document.getElementById('root') as HTMLElement).render(
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <PromptApiProvider client={exhausted} retry={false}>
      <UsageBanner />
      <div id="quota">
        <ComposerPreview composerId="onboarding-flow" />
      </div>
    </PromptApiProvider>
    <PromptApiProvider client={free} retry={false}>
      <div id="preview">
        <ComposerPreview composerId="onboarding-flow" />
      </div>
    </PromptApiProvider>
    <PromptCard prompt={prompt} flagMissing />
    <PromptDiff before={prompt} after={newer} />
  </QueryClientProvider>,
);
