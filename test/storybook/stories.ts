/**
 * Every story of stories/*.stories.tsx, composed with the preview's annotations (decorators, loaders, the
 * toolbar's globals) for the tests that render them all in Chromium, and what those tests wait on: the
 * story settled, the page laid out at a width.
 */
import { composeStory, setProjectAnnotations } from '@storybook/react-vite';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { page } from 'vitest/browser';
import preview from '../../.storybook/preview.tsx';

setProjectAnnotations([preview]);

type StoryModule = { default: Meta } & Record<string, StoryObj>;
const modules = import.meta.glob<StoryModule>('../../stories/*.stories.tsx', { eager: true });

/** How a story renders: under `globals` (the toolbar's), and with its play function or without. */
export interface RenderOptions {
  /** The toolbar's globals (`{ locale: 'de' }`), over the preview's initial ones. @default {} */
  globals?: Record<string, string>;
  /** Whether the story's play function runs after it renders (the state the story is named for). @default false */
  play?: boolean;
}

/** A story, by id (`ComposerPreview/Default`: the file's title without its group, and the export). */
export interface StoryEntry {
  id: string;
  /**
   * Whether the story stays busy by design: a loading story, whose client never times out
   * (`parameters.timeoutMs: 0`) while its mock backend never answers.
   */
  staysBusy: boolean;
  /**
   * How far down the visual test captures the story, where its `parameters.visual.maxHeight` says (a long
   * story whose segments repeat); `undefined`: the test's own limit.
   */
  maxHeight: number | undefined;
  /**
   * Whether the visual test may capture the story on a phone: `parameters.visual.phone: false` where its phone
   * layout is another story's (a unified diff is the split diff's one column there).
   */
  phone: boolean;
  /** Whether the visual test captures the story at all: `parameters.visual.capture: false` where it shows another story's render. */
  captured: boolean;
  /** Renders the story into the page, with its loaders and decorators; rejects when its play function fails. */
  render: (options?: RenderOptions) => Promise<void>;
}

/** Every story of every file, in the order of the files and their exports. */
export const stories: StoryEntry[] = Object.values(modules).flatMap((module) => {
  const { default: meta, ...exports } = module;
  const title = String(meta.title).split('/').pop();
  return Object.entries(exports)
    .filter(([name]) => name !== '__namedExportsOrder')
    .map(([name, story]) => ({
      id: `${title}/${name}`,
      staysBusy: composeStory(story, meta, undefined, name).parameters.timeoutMs === 0,
      maxHeight: (composeStory(story, meta, undefined, name).parameters.visual as { maxHeight?: number } | undefined)?.maxHeight,
      phone: (composeStory(story, meta, undefined, name).parameters.visual as { phone?: boolean } | undefined)?.phone !== false,
      captured: (composeStory(story, meta, undefined, name).parameters.visual as { capture?: boolean } | undefined)?.capture !== false,
      render: async ({ globals = {}, play = false }: RenderOptions = {}) => {
        const annotations = play ? { ...story, globals } : { ...story, play: undefined, globals };
        await composeStory(annotations, meta, undefined, name).run();
      },
    }));
});

/** The story's wrapper (the preview's decorator sets its theme, `lang` and `dir`). */
export const wrapper = () => document.querySelector<HTMLElement>('.pcr-story') as HTMLElement;

/**
 * Waits until the story has settled: no change for 400 ms (mock responses take 50 to 80 ms, and a story may
 * fetch again once the first answer is in) and nothing busy, unless the story `staysBusy` (Loading); a story
 * still busy after 6 s is what it shows. Measured with `performance.now()`, which a test that fakes `Date`
 * leaves running.
 */
export async function settled({ staysBusy = false }: { staysBusy?: boolean } = {}): Promise<void> {
  const started = performance.now();
  let changed = performance.now();
  const observer = new MutationObserver(() => (changed = performance.now()));
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  const busy = () => !staysBusy && document.querySelector('[aria-busy="true"]') !== null;
  try {
    while (performance.now() - started < 6000 && (performance.now() - changed < 400 || busy())) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    observer.disconnect();
  }
}

/** Two animation frames: what changed is laid out and painted. */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

/** Lays the page out at `width` by `height` (the preview's media queries follow the viewport). */
export async function atWidth(width: number, height = 800): Promise<void> {
  await page.viewport(width, height);
  await nextPaint();
}
