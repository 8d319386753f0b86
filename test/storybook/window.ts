import type { BrowserCommand } from 'vitest/node';

/**
 * A browser command that sizes the browser's own window (Playwright's page, around the tester's iframe) to
 * `width` by `height`. Headless, Vitest 4 scales the iframe down to fit that window (1280 by 720 unless
 * told), and a screenshot of a scaled iframe is scaled too; a window as large as the iframe keeps it at 1:1.
 */
export const resizeWindow: BrowserCommand<[width: number, height: number]> = async (context, width, height) => {
  if (context.provider.name !== 'playwright') throw new Error(`resizeWindow needs the playwright provider, not ${context.provider.name}`);
  await context.page.setViewportSize({ width, height });
};

/**
 * A browser command that moves the mouse to the window's top-left corner (the story's padding), so that no
 * control shows its hover style in a capture: the pointer otherwise stays where the last click of any test
 * file left it, which differs from run to run once files share the browser.
 */
export const parkPointer: BrowserCommand<[]> = async (context) => {
  if (context.provider.name !== 'playwright') throw new Error(`parkPointer needs the playwright provider, not ${context.provider.name}`);
  await context.page.mouse.move(0, 0);
};

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** Moves the mouse to the window's top-left corner, off every control. */
    parkPointer: () => Promise<void>;
    /** Sizes the browser's window (around the tester's iframe) to `width` by `height` CSS pixels. */
    resizeWindow: (width: number, height: number) => Promise<void>;
  }
}
