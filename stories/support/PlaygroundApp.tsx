import { ComposerPreview, PromptPreview, useComposerList, usePromptList, UsageBanner, useUsage } from 'prompt-composer-react';
import { useState } from 'react';
import './playground.css';

type Selection = { kind: 'composer' | 'prompt'; id: string } | null;

/** The in-app preview as a team would build it from the library's hooks and components. */
export function PlaygroundApp() {
  const composers = useComposerList();
  const prompts = usePromptList();
  const usage = useUsage();
  const [selected, setSelected] = useState<Selection>(null);
  const current = selected ?? (composers.data?.[0] ? { kind: 'composer' as const, id: composers.data[0].composerId } : null);
  return (
    <div className="pcr-playground">
      <header>
        <h1>Prompt library</h1>
        <p>{usage ? `${usage.remaining.toLocaleString()} of ${usage.limit.toLocaleString()} requests left this month` : 'Usage not known yet'}</p>
        <UsageBanner />
      </header>
      <nav aria-label="Library">
        <h2>Composers</h2>
        {composers.error ? <p>Could not load composers ({composers.error.code}).</p> : null}
        <ul>
          {composers.data?.map((composer) => (
            <li key={composer.composerId}>
              <button type="button" aria-pressed={current?.id === composer.composerId} onClick={() => setSelected({ kind: 'composer', id: composer.composerId })}>
                {composer.composerName}
              </button>
            </li>
          ))}
        </ul>
        <h2>Prompts</h2>
        {prompts.data?.length === 0 ? <p>No prompts yet.</p> : null}
        <ul>
          {prompts.data?.map((prompt) => (
            <li key={prompt.promptId}>
              <button type="button" aria-pressed={current?.id === prompt.promptId} onClick={() => setSelected({ kind: 'prompt', id: prompt.promptId })}>
                {prompt.promptName}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main>
        {current?.kind === 'composer' ? <ComposerPreview key={current.id} composerId={current.id} /> : null}
        {current?.kind === 'prompt' ? <PromptPreview key={current.id} promptId={current.id} /> : null}
        {current === null && (composers.isPending || prompts.isPending) ? <p role="status">Loading the library…</p> : null}
      </main>
    </div>
  );
}
