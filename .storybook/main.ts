import type { StorybookConfig } from '@storybook/react-vite';
import remarkGfm from 'remark-gfm';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: [
    // MDX 3 is CommonMark only: GitHub's tables (the docs pages have some) need remark-gfm, as Storybook's docs advise.
    { name: '@storybook/addon-docs', options: { mdxPluginOptions: { mdxCompileOptions: { remarkPlugins: [remarkGfm] } } } },
    '@storybook/addon-vitest',
  ],
  // The msw worker script (public/mockServiceWorker.js) is served from here.
  staticDirs: ['../public'],
  // Props tables from TypeScript's checker (react-docgen-typescript), not Storybook's default react-docgen,
  // which reads the syntax of one file: it left out the props a component inherits (the previews'
  // `catalog`, `upgradeUrl`, `onValuesChange` and `className`) and called every generic or mapped type
  // `unknown` (ids, versions, `initialValues`, `catalog`). `arg-types.ts` then writes each type as a reader
  // would.
  typescript: {
    reactDocgen: 'react-docgen-typescript',
    reactDocgenTypescriptOptions: {
      // The components only: the checker's program is built over these files (and what they import).
      include: ['src/components/**/*.tsx'],
      // `2 | 3 | 4 | 5` and `'local' | 'session'` as values to pick from, not as text.
      shouldExtractLiteralValuesFromEnum: true,
      // An optional prop's type as written, without `| undefined`.
      shouldRemoveUndefinedFromOptional: true,
    },
  },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // No onboarding checklist ("Get started 39%") in a library's own Storybook: readers come for the components.
  features: { sidebarOnboardingChecklist: false, menuOnboardingChecklist: false },
  async viteFinal(config) {
    // The project's vite.config.ts builds the library; Storybook builds an app, so drop library mode.
    if (config.build) {
      delete config.build.lib;
      delete config.build.rolldownOptions;
    }
    return config;
  },
};

export default config;
