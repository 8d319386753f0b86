/**
 * Stories under toolbar states the storybook project does not visit: it renders each story once, with the
 * toolbar's initial globals. Here the Playground's checks (a story kept out of the sidebar) run under every
 * scenario with every key (35 states), and the loading story is held past the client's default timeout.
 */
import { composeStory, setProjectAnnotations } from '@storybook/react-vite';
import { SCENARIO_NAMES } from 'prompt-composer-react/mocks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview.tsx';
import * as ComposerPreviewStories from '../../stories/ComposerPreview.stories.tsx';
import * as PlaygroundStories from '../../stories/Playground.stories.tsx';
import { TOOLBAR_KEYS } from '../../stories/support/mock-api.ts';

setProjectAnnotations([preview]);

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe.each(SCENARIO_NAMES)('the Playground with the scenario %s', (scenario) => {
  it.each(Object.keys(TOOLBAR_KEYS))('and the key %s passes its checks', async (apiKey) => {
    const story = composeStory({ ...PlaygroundStories.PlaygroundChecks, globals: { scenario, apiKey } }, PlaygroundStories.default);
    // run() renders the story with its loaders (the msw worker) and decorators, then plays it; it throws when play fails.
    await story.run();
    expect(document.querySelector('.pcr-playground')).not.toBeNull();
  });
});

describe('ComposerPreview/Loading', () => {
  it('is still loading after the client would have timed out', async () => {
    // Only setTimeout is faked: the client's timeout timer. Everything else (msw, React) runs as usual.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const story = composeStory(ComposerPreviewStories.Loading, ComposerPreviewStories.default);
    await story.run();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(document.querySelector('[role="status"]')?.textContent).toMatch(/Loading/);
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });
});
