import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-vitest', 'msw-storybook-addon'],
  // The msw worker script (public/mockServiceWorker.js) is served from here.
  staticDirs: ['../public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
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
