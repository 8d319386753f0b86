// @vitest-environment jsdom
// A window, as in a browser: TanStack's own fallback there is 3 retries (on a server, none).
import { cleanup, screen } from '@testing-library/react';
import { FIXTURE_IDS, FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import {
  useComposer,
  useComposerList,
  usePrompt,
  usePromptList,
  useSuspenseComposer,
  useSuspenseComposerList,
  useSuspensePrompt,
  useSuspensePromptList,
} from 'prompt-composer-react';
import { Component, type ReactNode, Suspense } from 'react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderWithApi, serveMockApi } from './utils.tsx';

/** What a wrapper such as `usePrompt(id, { retry: opts?.retry, staleTime: opts?.staleTime })` passes. */
const notGiven = { retry: undefined, staleTime: undefined };

const { welcomeEmail } = FIXTURE_IDS.prompts;
const { onboardingFlow } = FIXTURE_IDS.composers;

/** Each hook, called with every option explicitly `undefined`; `failing` asks for what answers a 4xx. */
const hooks: Record<string, (failing: boolean) => { data: unknown }> = {
  usePrompt: (failing) => usePrompt(failing ? 'no-such-prompt' : welcomeEmail, notGiven),
  useComposer: (failing) => useComposer(failing ? 'no-such-composer' : onboardingFlow, notGiven),
  usePromptList: () => usePromptList(notGiven),
  useComposerList: () => useComposerList(notGiven),
  useSuspensePrompt: (failing) => useSuspensePrompt(failing ? 'no-such-prompt' : welcomeEmail, notGiven),
  useSuspenseComposer: (failing) => useSuspenseComposer(failing ? 'no-such-composer' : onboardingFlow, notGiven),
  useSuspensePromptList: () => useSuspensePromptList(notGiven),
  useSuspenseComposerList: () => useSuspenseComposerList(notGiven),
};
/** The list hooks cannot ask for a missing id: a revoked key answers them with a 401. */
const keyFor = (name: string, failing: boolean) => (failing && name.includes('List') ? FIXTURE_KEYS.revoked : FIXTURE_KEYS.free);

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">failed</p> : this.props.children;
  }
}

function Probe({ use, failing, label }: { use: (failing: boolean) => { data: unknown; error?: unknown }; failing: boolean; label: string }) {
  const { data, error } = use(failing);
  if (error) return <p role="alert">failed</p>;
  return <p>{data === undefined ? 'loading' : `${label} loaded`}</p>;
}

function renderProbes(name: string, failing: boolean, labels: string[]) {
  const api = serveMockApi();
  const ui = (shown: string[]) => (
    <Boundary>
      <Suspense fallback={<p>suspended</p>}>
        {shown.map((label) => (
          <Probe key={label} use={hooks[name]!} failing={failing} label={label} />
        ))}
      </Suspense>
    </Boundary>
  );
  // The provider's retry and staleTime are the library's own policy; retryDelay 1 ms keeps retries quick.
  const view = renderWithApi(ui(labels), { client: api.client(keyFor(name, failing)), retry: undefined, retryDelay: 1 });
  return { api, rerender: (shown: string[]) => view.rerender(ui(shown)) };
}

afterEach(() => cleanup());

describe.each(Object.keys(hooks))('%s with options given as undefined', (name) => {
  it('keeps the retry policy: a 4xx costs one request', async () => {
    const silence = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { api } = renderProbes(name, true, ['first']);
    await screen.findByRole('alert');
    expect(api.sent).toHaveLength(1);
    silence.mockRestore();
  });

  it('keeps the staleTime: a second component mounted a minute later sends nothing', async () => {
    // Only the clock TanStack reads for staleness moves; timers stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const { api, rerender } = renderProbes(name, false, ['first']);
    await screen.findByText('first loaded');
    // Fresh for the default 5 minutes; stale at once with staleTime 0, or after suspense's 1 s floor.
    vi.setSystemTime(Date.now() + 60_000);
    rerender(['first', 'second']);
    await screen.findByText('second loaded');
    // A stale entry would refetch on this mount; the request would have started by now.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.sent).toHaveLength(1);
  });
});
