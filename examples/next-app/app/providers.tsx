'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createPromptApiClient, PromptApiProvider } from 'prompt-composer-react';
import { type ReactNode, useState } from 'react';
import { PROMPT_API_SCOPE } from '../lib/scope';

/** The browser's providers: its own QueryClient and a client that talks to our proxy, with no key. */
export function Providers({ children }: { children: ReactNode }) {
  // One per request on the server, one for the page's life in the browser.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } }));
  const [client] = useState(() => createPromptApiClient({ baseUrl: '/api/prompt-api', scope: PROMPT_API_SCOPE }));
  return (
    <QueryClientProvider client={queryClient}>
      <PromptApiProvider client={client}>{children}</PromptApiProvider>
    </QueryClientProvider>
  );
}
