import { connection } from 'next/server';
import { PromptDiff } from 'prompt-composer-react';
import { serverClient } from '../../lib/server-client';

// A Server Component: two pinned versions read on the server, and PromptDiff rendered there (no provider,
// no client JavaScript for the diff itself).
export default async function DiffPage() {
  await connection(); // per request: the service is read when the page is asked for, not at build
  const client = serverClient();
  const [before, after] = await Promise.all([
    client.getPrompt('account-review', { version: '1.0.0' }),
    client.getPrompt('account-review', { version: '2.0.0' }),
  ]);
  return (
    <main>
      <h1>What changes in {after.promptName} {after.version}</h1>
      <PromptDiff before={before} after={after} />
    </main>
  );
}
