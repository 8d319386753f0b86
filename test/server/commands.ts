import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Alias, type Plugin, runnerImport } from 'vite';
import type { BrowserCommand } from 'vitest/node';

const renderModule = fileURLToPath(new URL('./render-on-server.tsx', import.meta.url));

type RenderModule = { render: (staticHtml: readonly string[], serverDom: boolean) => string };

const PREFIX = '\0react-from:';

/**
 * `react` and `react-dom` from `nodeModules`, required by Node as a server does. Vite's module runner
 * leaves bare imports to Node, which would find the root's React from the sources; and it cannot run
 * React's CommonJS itself. So each import becomes a small module that requires the right file.
 */
function reactFrom(nodeModules: string): { alias: Alias; plugin: Plugin } {
  const require = createRequire(join(nodeModules, 'resolve-from-here.js'));
  return {
    alias: { find: /^(react|react-dom)(\/.*)?$/, replacement: `${PREFIX}$1$2` },
    plugin: {
      name: 'react-from',
      enforce: 'pre',
      resolveId: (source) => (source.startsWith(PREFIX) ? source : null),
      load(id) {
        if (!id.startsWith(PREFIX)) return null;
        const file = require.resolve(id.slice(PREFIX.length));
        const names = Object.keys(require(file) as object).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');
        return [
          `import { createRequire } from 'node:module';`,
          `const required = createRequire(${JSON.stringify(file)})(${JSON.stringify(file)});`,
          'export default required;',
          ...names.map((name) => `export const ${name} = required.${name};`),
        ].join('\n');
      },
    },
  };
}

/**
 * A browser command that renders `SsrTree` (test/components/ssr-tree.tsx) in Node: the test runner's own
 * process, with no DOM but jsdom inside the sanitizer. Vite's module runner loads the sources through the
 * package `alias`; React comes from `reactModules` when given (React 18.3 for the react18 project).
 */
export function renderOnServerWith(alias: Alias[], reactModules?: string): BrowserCommand<[staticHtml: string[], serverDom: boolean]> {
  const react = reactModules ? reactFrom(reactModules) : undefined;
  return async (_context, staticHtml, serverDom) => {
    const { module } = await runnerImport<RenderModule>(renderModule, {
      configFile: false,
      logLevel: 'error',
      resolve: { alias: react ? [react.alias, ...alias] : alias },
      plugins: react ? [react.plugin] : [],
    });
    return module.render(staticHtml, serverDom);
  };
}

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** Server HTML of `SsrTree` (test/components/ssr-tree.tsx), rendered in Node, with jsdom installed as the server DOM or not. */
    renderOnServer: (staticHtml: string[], serverDom: boolean) => Promise<string>;
  }
}
