// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { PromptApiProvider, useUsage } from 'prompt-composer-react';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { createTestQueryClient, serveMockApi } from './utils.tsx';

function UsageText() {
  const usage = useUsage();
  return <p>{usage ? `${usage.remaining} left` : 'usage unknown'}</p>;
}

it('renders no usage on the server, so the browser (which has seen no response yet) hydrates the same', async () => {
  const api = serveMockApi();
  const client = api.client(FIXTURE_KEYS.nearLimit);
  await client.listPrompts();
  expect(client.usage.getSnapshot()?.remaining).toBe(99);
  const html = renderToString(
    <QueryClientProvider client={createTestQueryClient()}>
      <PromptApiProvider client={client}>
        <UsageText />
      </PromptApiProvider>
    </QueryClientProvider>,
  );
  expect(html).toContain('usage unknown');
});
