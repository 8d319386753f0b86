import { connection } from 'next/server';
import { interpolate } from 'prompt-composer-react';
import { serverClient } from '../../lib/server-client';

// A Server Component: the client and the template functions run on the server, with the key.
export default async function PromptPage() {
  await connection(); // per request: the service is read when the page is asked for, not at build
  const prompt = await serverClient().getPrompt('welcome-email', { version: '2.0.0' });
  const message = interpolate(prompt.userMessage, { customer: { name: 'Ada', company: 'Acme' }, plan: 'Pro', firstStep: 'invite the team' });
  return (
    <main>
      <h1>{prompt.promptName}</h1>
      <p>Version {prompt.version}, model {prompt.config.model}</p>
      <pre data-testid="interpolated">{message}</pre>
    </main>
  );
}
