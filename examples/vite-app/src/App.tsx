import {
  type ComposerId,
  ComposerPreview,
  chatMessages,
  createPromptApiClient,
  PromptApiProvider,
  UsageBanner,
  useComposerList,
  usePrompt,
  usePromptList,
} from 'prompt-composer-react';
import { useMemo, useState } from 'react';

const KEYS = { 'Free plan': 'pk_test_free', 'Exhausted plan': 'pk_test_exhausted' } as const;
type KeyName = keyof typeof KEYS;

export function App({ baseUrl }: { baseUrl: string }) {
  const [keyName, setKeyName] = useState<KeyName>('Free plan');
  // One client per key: the usage store and the cache scope belong to the key.
  const client = useMemo(() => createPromptApiClient({ baseUrl, apiKey: KEYS[keyName] }), [baseUrl, keyName]);
  return (
    <PromptApiProvider client={client}>
      <header>
        <h1>Prompt library</h1>
        <label>
          API key{' '}
          <select value={keyName} onChange={(event) => setKeyName(event.target.value as KeyName)}>
            {Object.keys(KEYS).map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
        <UsageBanner />
      </header>
      <Library key={keyName} />
    </PromptApiProvider>
  );
}

function Library() {
  const prompts = usePromptList();
  const composers = useComposerList();
  const [open, setOpen] = useState<ComposerId | null>(null);
  return (
    <main>
      <section aria-labelledby="prompts-heading">
        <h2 id="prompts-heading">Prompts</h2>
        {prompts.error ? <p role="alert">{prompts.error.message}</p> : null}
        <ul>
          {prompts.data?.map((prompt) => (
            <li key={prompt.promptId}>
              {prompt.promptName} <small>{prompt.version}</small>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="composers-heading">
        <h2 id="composers-heading">Composers</h2>
        <ul>
          {composers.data?.map((composer) => (
            <li key={composer.composerId}>
              {/* Ids from a list are strings (the account may have published one after typegen ran). */}
              <button type="button" onClick={() => setOpen(composer.composerId as ComposerId)}>
                Open {composer.composerName}
              </button>
            </li>
          ))}
        </ul>
      </section>
      {open ? <ComposerPreview composerId={open} /> : null}
      <WelcomeMessages />
    </main>
  );
}

/**
 * Typed prompts (src/prompt-api.gen.d.ts, written by `prompt-composer-react typegen`): the id and version
 * are checked, and chatMessages needs exactly the variables of welcome-email 2.0.0, system message included.
 */
function WelcomeMessages() {
  const { data: prompt } = usePrompt('welcome-email', { version: '2.0.0' });
  if (!prompt) return null;
  const messages = chatMessages(prompt, {
    customer: { name: 'Katherine Johnson', company: 'NASA Langley' },
    plan: 'Pro',
    firstStep: 'create a board',
    senderName: 'Sam',
  });
  return (
    <section aria-labelledby="messages-heading">
      <h2 id="messages-heading">
        Chat messages of {prompt.promptName} {prompt.version}
      </h2>
      <pre>{JSON.stringify(messages, null, 2)}</pre>
    </section>
  );
}
