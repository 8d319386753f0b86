import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import type { ToMatchScreenshotOptions } from 'vitest/node';
import { chromium } from './test/browser-options.ts';
import { renderOnServerWith } from './test/server/commands.ts';
import { parkPointer, resizeWindow } from './test/storybook/window.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Dependencies the browser projects load, bundled before the first test: otherwise Vite discovers them
 * mid-run, re-optimizes and reloads, and a test can see two copies of React on a fresh clone.
 */
const browserDependencies = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'react-dom/server',
  '@tanstack/react-query',
  '@testing-library/react',
  '@testing-library/user-event',
  'axe-core',
  'dompurify',
  'msw',
  'msw/browser',
];

/** Tests import the package by its public names, resolved to the sources. */
const alias = {
  'prompt-composer-react/server/sanitizer': fromRoot('./src/server/sanitizer.ts'),
  'prompt-composer-react/server': fromRoot('./src/server/index.ts'),
  'prompt-composer-react/core': fromRoot('./src/core.ts'),
  'prompt-composer-react/mocks/server': fromRoot('./src/mocks/server.ts'),
  'prompt-composer-react/mocks': fromRoot('./src/mocks/index.ts'),
  'prompt-composer-react': fromRoot('./src/index.ts'),
};

/** React 18.3 from compat/react18 (installed by `pretest`), for the projects that prove the peer range. */
const react18 = [
  { find: /^react-dom(\/.*)?$/, replacement: `${fromRoot('./compat/react18/node_modules/react-dom')}$1` },
  { find: /^react(\/.*)?$/, replacement: `${fromRoot('./compat/react18/node_modules/react')}$1` },
];

/**
 * `toMatchScreenshot`'s baselines beside the test that takes them, in `baselines/`, by the name it gives
 * (`baselines/PromptCard/Default-dark-360.png`), committed; not in `__screenshots__/`, where Vitest puts
 * the screenshots of failed tests (ignored by git). A name under `docs/` is a picture of the docs, by its
 * path from the root (the README's, test/docs/hero.browser.test.tsx).
 */
const screenshotBaselines: ToMatchScreenshotOptions = {
  resolveScreenshotPath: ({ arg, ext, root, testFileDirectory }) =>
    arg.startsWith('docs/') ? join(root, `${arg}${ext}`) : join(root, testFileDirectory, 'baselines', `${arg}${ext}`),
};

/**
 * Browser mode in Debian's Chromium, headless; a new provider per project (each mutates its own). Its
 * `renderOnServer` command renders in Node, with React from `reactModules` (default: the root's), and
 * `resizeWindow` sizes the browser's window and `parkPointer` moves the mouse off every control
 * (test/storybook/window.ts).
 */
function chromiumBrowser(reactModules?: string) {
  const packageAlias = Object.entries(alias).map(([find, replacement]) => ({ find, replacement }));
  const commands = { renderOnServer: renderOnServerWith(packageAlias, reactModules), resizeWindow, parkPointer };
  return { enabled: true, headless: true, provider: chromium(), instances: [{ browser: 'chromium' as const }], commands, expect: { toMatchScreenshot: screenshotBaselines } };
}

/**
 * The component tests in Chromium, on the React of `reactMajor` (aliased when not the root's, and loaded from
 * `reactModules` on the server side), without the files of `exclude`.
 */
function browserProject(
  name: string,
  reactMajor: string,
  reactAlias: typeof react18 = [],
  reactModules?: string,
  exclude: string[] = [],
): TestProjectInlineConfiguration {
  return {
    extends: true,
    publicDir: fromRoot('./public'),
    resolve: { alias: reactAlias },
    optimizeDeps: { include: [...browserDependencies, '@storybook/react-vite', 'storybook/test', 'storybook/viewport'] },
    define: { __EXPECTED_REACT_MAJOR__: JSON.stringify(reactMajor) },
    test: { name, include: ['test/**/*.browser.test.{ts,tsx}'], exclude, browser: chromiumBrowser(reactModules) },
  };
}

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  // The msw worker script lives in public/ for Storybook and browser tests; keep it out of dist/.
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the package: they would point at sources it does not ship.
    sourcemap: false,
    minify: false,
    lib: {
      entry: {
        index: fromRoot('./src/index.ts'),
        // The framework-free entry: client, cache, errors, types, templates; no React.
        core: fromRoot('./src/core.ts'),
        'mocks/index': fromRoot('./src/mocks/index.ts'),
        'mocks/server': fromRoot('./src/mocks/server.ts'),
        'server/index': fromRoot('./src/server/index.ts'),
        'server/sanitizer': fromRoot('./src/server/sanitizer.ts'),
        // The `prompt-composer-react` bin (typegen): Node only, reached from no other entry.
        'cli/bin': fromRoot('./src/cli/bin.ts'),
      },
      formats: ['es'],
    },
    rolldownOptions: {
      external: [/^redis($|\/)/, /^@opentelemetry\//, /^react($|\/)/, /^react-dom($|\/)/, /^@tanstack\//, /^msw($|\/)/, /^dompurify$/, /^diff$/, /^jsdom$/, /^node:/],
      // One file per module, as in src/: an app that imports only hooks never reaches the modules that
      // import DOMPurify (whose package does not declare itself free of side effects).
      output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        define: { __EXPECTED_REACT_MAJOR__: JSON.stringify('19') },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/**/*.browser.test.{ts,tsx}', 'test/**/*.docs.test.ts', 'test/production/**', 'test/runtimes/**'],
          setupFiles: ['./test/setup-unit.ts'],
          typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], exclude: ['test/types-registry/**'], tsconfig: './tsconfig.json' },
        },
      },
      {
        // The handler and its cache on each server runtime (Node 20, 22, 24, Bun, Deno, workerd with and
        // without nodejs_compat, Vercel's edge-runtime), from compat/runtimes (installed by `pretest`).
        extends: true,
        test: {
          name: 'runtimes',
          environment: 'node',
          include: ['test/runtimes/**/*.test.ts'],
          setupFiles: ['./test/setup-unit.ts'],
        },
      },
      {
        // The type tests WITH a typegen registry, in a program of their own (the registry is global).
        extends: true,
        test: {
          name: 'types-registry',
          typecheck: { enabled: true, only: true, include: ['test/types-registry/**/*.test-d.{ts,tsx}'], tsconfig: './test/types-registry/tsconfig.json' },
        },
      },
      browserProject('browser', '19'),
      {
        // The hooks' tests again, on React 18.3 (the oldest React of the peer range), from compat/react18.
        extends: true,
        resolve: {
          alias: [
            ...react18,
            // Its CommonJS main would require React 19 past Vite's aliases; its ES module build goes through them.
            { find: /^@testing-library\/react$/, replacement: fromRoot('./node_modules/@testing-library/react/dist/@testing-library/react.esm.js') },
          ],
        },
        define: { __EXPECTED_REACT_MAJOR__: JSON.stringify('18') },
        test: {
          name: 'react18-hooks',
          environment: 'node',
          // Libraries that import React go through Vite too, so they get the aliased React 18 as well.
          server: { deps: { inline: [/@tanstack\//, /@testing-library\//] } },
          include: ['test/query/**/*.test.{ts,tsx}'],
          setupFiles: ['./test/setup-unit.ts'],
        },
      },
      // The browser tests again, on React 18.3 (the oldest React of the peer range), from compat/react18.
      // Not the stories' own tests: Storybook's renderer is not what the peer range is about.
      // Nor the README's picture, which is one capture of today's React.
      browserProject('react18', '18', react18, fromRoot('./compat/react18/node_modules'), ['test/storybook/**', 'test/docs/**']),
      {
        // The built Storybook's docs pages in Chromium (playwright-core): Markdown rendered, heights sane,
        // and every story on a docs page as it is on its own page.
        extends: true,
        test: {
          name: 'storybook-docs',
          environment: 'node',
          include: ['test/storybook/**/*.docs.test.ts'],
          // One Storybook build for the project's files (about half a minute here).
          globalSetup: ['./test/storybook/built-storybook.ts'],
          // Every docs page once, and every story shown in one once.
          hookTimeout: 300_000,
          // After every other project: the build takes both cores, and other tests must not wait for them.
          sequence: { groupOrder: 1 },
        },
      },
      {
        // A consumer app built for production with Vite (its CSS minified by Lightning CSS, esbuild and
        // cssnano) and opened in Chromium: the stylesheet's mirroring and the components' own alignment
        // survive what a production build does to CSS.
        extends: true,
        test: {
          name: 'production-builds',
          environment: 'node',
          include: ['test/production/**/*.test.ts'],
          hookTimeout: 180_000,
          // After the other projects, and after the Storybook build: three builds take both cores.
          sequence: { groupOrder: 2 },
        },
      },
      {
        // Every story renders in Chromium and its play function asserts the state it is named for.
        extends: true,
        publicDir: fromRoot('./public'),
        optimizeDeps: { include: browserDependencies },
        // Every story on a small phone (the preview's `phone` viewport, 360 px): the preview's afterEach fails
        // a story that scrolls sideways.
        plugins: [storybookTest({ configDir: fromRoot('./.storybook'), initialGlobals: { viewport: { value: 'phone', isRotated: false } } })],
        test: { name: 'storybook', browser: chromiumBrowser() },
      },
    ],
  },
});
