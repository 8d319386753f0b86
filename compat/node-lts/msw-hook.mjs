// Preloaded (NODE_OPTIONS=--import) into the processes that a project's tests spawn, such as the
// mock-server CLI, so they resolve `msw` as the project's tests do: from this folder, as the package named
// by PCR_MSW_PACKAGE (`msw`, or `msw-2.11`).
import { registerHooks } from 'node:module';

const parentURL = new URL('./package.json', import.meta.url).href;
const name = process.env.PCR_MSW_PACKAGE ?? 'msw';

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier !== 'msw' && !specifier.startsWith('msw/')) return nextResolve(specifier, context);
    return nextResolve(specifier.replace(/^msw/, name), { ...context, parentURL });
  },
});
