import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { connection } from 'next/server';
import { ComposerPreview, composerQueryOptions } from 'prompt-composer-react';
import { serverClient } from '../../lib/server-client';

// Prefetched on the server with the key; the browser's client (same scope) finds it in the cache.
export default async function PreviewPage() {
  await connection();
  const queryClient = new QueryClient();
  await queryClient.prefetchQuery(composerQueryOptions(serverClient(), 'onboarding-flow'));
  return (
    <main>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ComposerPreview composerId="onboarding-flow" initialValues={{ 'customer.name': 'Ada' }} />
      </HydrationBoundary>
    </main>
  );
}
