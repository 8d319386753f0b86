// Browser side of the SSR check: hydrates what the server rendered, with the dehydrated cache.
import { HydrationBoundary, QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { type Composer, createPromptApiClient, PromptApiProvider } from 'prompt-composer-react';
import { hydrateRoot } from 'react-dom/client';
import { SsrPage } from './SsrPage.tsx';

declare global {
  interface Window {
    __PROMPT_STATE__: { dehydrated: DehydratedState; showcase: Composer; baseUrl: string; apiKey: string };
  }
}

const { dehydrated, showcase, baseUrl, apiKey } = window.__PROMPT_STATE__;
const client = createPromptApiClient({ baseUrl, apiKey });
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
hydrateRoot(
  root,
  <QueryClientProvider client={new QueryClient()}>
    <PromptApiProvider client={client}>
      <HydrationBoundary state={dehydrated}>
        <SsrPage showcase={showcase} />
      </HydrationBoundary>
    </PromptApiProvider>
  </QueryClientProvider>,
  { onRecoverableError: (error) => console.error(`recoverable: ${String(error)}`) },
);
