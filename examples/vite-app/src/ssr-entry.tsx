// Server side of the SSR check: runs in plain Node, no DOM.
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { composerQueryOptions, createPromptApiClient, PromptApiProvider } from 'prompt-composer-react';
import { renderToString } from 'react-dom/server';
import { SsrPage } from './SsrPage.tsx';

export async function render(baseUrl: string, apiKey: string) {
  const queryClient = new QueryClient();
  const client = createPromptApiClient({ baseUrl, apiKey });
  const showcase = await client.getComposer('html-showcase');
  await queryClient.prefetchQuery(composerQueryOptions(client, 'onboarding-flow'));
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <PromptApiProvider client={client}>
        <SsrPage showcase={showcase} />
      </PromptApiProvider>
    </QueryClientProvider>,
  );
  return { html, state: { dehydrated: dehydrate(queryClient), showcase, baseUrl, apiKey } };
}
