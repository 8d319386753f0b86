import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  useComposer,
  useComposerList,
  usePrompt,
  usePromptList,
  useSuspensePrompt,
  useUsage,
} from 'prompt-composer-react';
import { FIXTURE_IDS } from 'prompt-composer-react/mocks';
import { Suspense } from 'react';
import { expect } from 'storybook/test';
import { storyApi } from './support/mock-api.ts';

/** Live examples of each hook, on the mock backend; the Hooks/Overview page embeds them. */
const meta = {
  title: 'Hooks/Examples',
  // Hooks/Overview embeds every example with its explanation; no second, generated page.
  tags: ['!autodocs'],
  parameters: { msw: { handlers: storyApi('happy') } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

function Show({ label, value }: { label: string; value: unknown }) {
  return (
    <figure className="pcr-story-example">
      <figcaption>
        <code>{label}</code>
      </figcaption>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </figure>
  );
}

function UsePromptDemo() {
  const { data, status, error } = usePrompt(FIXTURE_IDS.prompts.welcomeEmail, { version: '1.1.0' });
  return <Show label="usePrompt('welcome-email', { version: '1.1.0' })" value={{ status, error: error?.code, version: data?.version, userMessage: data?.userMessage }} />;
}

/** `usePrompt`: one prompt, pinned to a version (cached forever). */
export const UsePrompt: Story = {
  render: () => <UsePromptDemo />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/"status": "success"/, {}, { timeout: 5000 })).toBeVisible();
  },
};

function UsePromptListDemo() {
  const { data = [] } = usePromptList({ includeVersions: true });
  return <Show label="usePromptList({ includeVersions: true })" value={data.map((prompt) => `${prompt.promptId}: ${prompt.publishedVersions?.map((entry) => entry.version).join(', ')}`)} />;
}

/** `usePromptList`: every prompt in one request, with their published versions. */
export const UsePromptList: Story = {
  render: () => <UsePromptListDemo />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/welcome-email: 1\.0\.0, 1\.1\.0, 2\.0\.0/, {}, { timeout: 5000 })).toBeVisible();
  },
};

function UseComposerDemo() {
  const { data } = useComposer(FIXTURE_IDS.composers.onboardingFlow, { select: (composer) => composer.segments.map((segment) => segment.type) });
  return <Show label="useComposer('onboarding-flow', { select })" value={data ?? 'loading'} />;
}

/** `useComposer` with `select`: the segment kinds of a composer. */
export const UseComposer: Story = {
  render: () => <UseComposerDemo />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/"static"/, {}, { timeout: 5000 })).toBeVisible();
  },
};

function UseComposerListDemo() {
  const { data = [] } = useComposerList();
  return <Show label="useComposerList()" value={data.map((composer) => composer.composerName)} />;
}

/** `useComposerList`: every composer; each `useComposer(id)` after it is free. */
export const UseComposerList: Story = {
  render: () => <UseComposerListDemo />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/Onboarding flow/, {}, { timeout: 5000 })).toBeVisible();
  },
};

function SuspenseDemo() {
  const { data } = useSuspensePrompt(FIXTURE_IDS.prompts.ticketTriage);
  return <Show label="useSuspensePrompt('ticket-triage')" value={{ promptName: data.promptName, schema: data.config.schema }} />;
}

/** `useSuspensePrompt`: suspends until the data is there (errors go to an error boundary). */
export const UseSuspensePrompt: Story = {
  render: () => (
    <Suspense fallback={<p role="status">Suspended…</p>}>
      <SuspenseDemo />
    </Suspense>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/Ticket triage/, {}, { timeout: 5000 })).toBeVisible();
  },
};

function UseUsageDemo() {
  usePromptList();
  const usage = useUsage();
  return <Show label="useUsage()" value={usage} />;
}

/** `useUsage`: the monthly usage the last response reported. */
export const UseUsage: Story = {
  render: () => <UseUsageDemo />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/"limit": 5000/, {}, { timeout: 5000 })).toBeVisible();
  },
};
