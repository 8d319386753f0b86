'use client';

import { usePrompt, usePromptList } from 'prompt-composer-react';

const PROMPT_IDS = ['welcome-email', 'support-reply', 'ticket-triage', 'product-description', 'meeting-summary'];

function PromptRow({ id }: { id: string }) {
  const { data } = usePrompt(id);
  return <li data-state={data ? 'ready' : 'loading'}>{data ? `${data.promptName} ${data.version}` : `Loading ${id}`}</li>;
}

/**
 * A client page: the prompt list in the parent, one `usePrompt` per row. Mounted together, the rows wait
 * for the list and take their items from it: one request for the page, also under `next dev`, whose
 * StrictMode mounts everything twice.
 */
export default function DashboardPage() {
  const { data } = usePromptList();
  return (
    <main>
      <h1>Dashboard</h1>
      <p>{data ? `${data.length} prompts` : 'Loading the prompts'}</p>
      <ul>
        {PROMPT_IDS.map((id) => (
          <PromptRow key={id} id={id} />
        ))}
      </ul>
    </main>
  );
}
