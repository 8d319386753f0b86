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
