// Proves what an app's browser bundle pulls in from dist/, by bundling small apps with esbuild (peers
// external) and listing the inputs that reached the output:
// - an app importing only hooks (and the client) gets no byte of msw, DOMPurify, jsdiff (`diff`) or the
//   diff components;
// - an app importing every component but the diffs gets no byte of jsdiff or the diff components, and
//   one importing a diff component does (so the check can see them);
// - an app importing every export of the main entry never reaches jsdom or the server entry
//   (prompt-composer-react/server), which only a server imports;
// - every export of the framework-free entry (prompt-composer-react/core) reaches no React, TanStack
//   Query, DOMPurify, jsdiff or UI module;
// - an app that does not import createPromptCache or memoryStore (the hooks-only app, and one importing
//   every other export) pays 0 bytes for the server cache: no byte of dist/api/cache/ reaches it;
// - the components' words: the hooks-only app bundles no byte of the catalog (dist/catalog/), the app of
//   every component but the diffs none of the diffs' words, the PromptDiff app none of the other
//   components' words, and neither the German catalog nor the pseudo-locale, which only an app that
//   imports them pays for.
// The build leaves `diff` external (a dependency the app installs), so it is bundled here from
// node_modules, as an app's bundler would.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

// jsdom is external too, so that an import of it shows in the output rather than failing the bundle.
// @opentelemetry/api is an optional peer, external as the other peers are: an app that installs it chose it.
const external = ['react', 'react/*', 'react-dom', 'react-dom/*', '@tanstack/react-query', 'jsdom', '@opentelemetry/api'];

/**
 * Bundles `entry` for the browser and returns the output size, and the inputs that contributed bytes
 * plus the external packages the output imports (as `node_modules/<name>/`).
 */
async function bundle(entry) {
  const result = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'browser',
    metafile: true,
    external,
    logLevel: 'silent',
  });
  // The metafile's top-level inputs also list files that were read and then shaken away.
  const output = Object.values(result.metafile.outputs)[0];
  const inputs = Object.entries(output?.inputs ?? {})
    .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
    .map(([path]) => path);
  const imports = (output?.imports ?? []).filter((entry) => entry.external).map((entry) => `node_modules/${entry.path}/`);
  return { bytes: result.outputFiles[0]?.contents.length ?? 0, inputs, reached: [...inputs, ...imports] };
}

let failed = false;
/** jsdiff, and the diff components' own modules. */
const DIFF = /node_modules\/diff\/|dist\/components\/diff\//;
function expectNone(name, inputs, pattern, what) {
  const forbidden = inputs.filter((path) => pattern.test(path));
  if (forbidden.length > 0) {
    console.error(`${name} pulls in ${forbidden.join(', ')}`);
    failed = true;
  } else {
    console.log(`${name} pulls in no byte of ${what}`);
  }
}

const hooks = await bundle(
  `import { createPromptApiClient, PromptApiProvider, usePrompt, usePromptList, useComposer, useUsage, interpolate } from './dist/index.js';
console.log(createPromptApiClient, PromptApiProvider, usePrompt, usePromptList, useComposer, useUsage, interpolate);`,
);
console.log(`hooks-only app: ${hooks.bytes} bytes minified, from ${hooks.inputs.length} modules: ${hooks.inputs.join(', ')}`);
expectNone('hooks-only app', hooks.reached, /node_modules\/(dompurify|msw|@mswjs)\/|dist\/(mocks|handlers)/, 'msw or DOMPurify');
expectNone('hooks-only app', hooks.reached, DIFF, 'jsdiff or the diff components');

const components = await bundle(
  `import { createPromptApiClient, PromptApiProvider, usePrompt, usePromptList, usePromptVersions, ComposerView, PromptCard, StaticSegment, ComposerPreview, PromptPreview, UsageBanner, ApiErrorMessage, VariablesForm } from './dist/index.js';
console.log(createPromptApiClient, PromptApiProvider, usePrompt, usePromptList, usePromptVersions, ComposerView, PromptCard, StaticSegment, ComposerPreview, PromptPreview, UsageBanner, ApiErrorMessage, VariablesForm);`,
);
console.log(`components-without-diffs app: ${components.bytes} bytes minified, from ${components.inputs.length} modules`);
expectNone('components-without-diffs app', components.reached, DIFF, 'jsdiff or the diff components');

/** The catalog's modules: the words and how they are filled in. */
const CATALOG = /dist\/catalog\//;
expectNone('hooks-only app', hooks.reached, CATALOG, 'the catalog');
expectNone('components-without-diffs app', components.reached, /dist\/catalog\/(english-diffs|english|german|pseudo)\.js/, "the diffs' words, the German catalog or the pseudo-locale");
if (!components.reached.some((path) => path.endsWith('dist/catalog/english-components.js'))) {
  console.error('components-without-diffs app does not show the English words among its inputs: the check above could not see them');
  failed = true;
}

const diffs = await bundle(`import { PromptDiff } from './dist/index.js';\nconsole.log(PromptDiff);`);
const diffInputs = diffs.reached.filter((path) => DIFF.test(path));
if (!diffInputs.some((path) => path.includes('node_modules/diff/')) || !diffInputs.some((path) => path.includes('components/diff/'))) {
  console.error(`PromptDiff app does not show jsdiff and the diff components among its inputs: the check above could not see them (${diffInputs.join(', ')})`);
  failed = true;
} else {
  console.log(`PromptDiff app: ${diffs.bytes} bytes minified; the diff inputs it reaches: ${diffInputs.join(', ')}`);
}
expectNone('PromptDiff app', diffs.reached, /dist\/catalog\/(english-components|english-errors|english|german|pseudo)\.js/, "the other components' words, the German catalog or the pseudo-locale");

const everything = await bundle(`import * as library from './dist/index.js';\nconsole.log(library);`);
console.log(`every-export app: ${everything.bytes} bytes minified, from ${everything.inputs.length} modules`);
expectNone('every-export app', everything.reached, /node_modules\/jsdom\/|dist\/server\//, 'jsdom or the server entry');

// The framework-free entry: every export, and nothing of React, TanStack Query, DOMPurify or the UI.
const core = await bundle(`import * as core from './dist/core.js';\nconsole.log(core);`);
console.log(`every export of prompt-composer-react/core: ${core.bytes} bytes minified, from ${core.inputs.length} modules`);
expectNone('every export of prompt-composer-react/core', core.reached, /node_modules\/(react|react-dom|@tanstack|dompurify|diff|jsdom|msw)\/|dist\/(query|components|sanitize|catalog|mocks|server)\//, 'React, TanStack Query, DOMPurify, jsdiff or the UI');

// The server cache is in the main entry, and only an app that imports it pays for it.
const CACHE_EXPORTS = ['createPromptCache', 'memoryStore'];
const CACHE_MODULES = /dist\/api\/cache\//;
expectNone('hooks-only app', hooks.reached, CACHE_MODULES, 'the server cache');
const runtimeExports = [...readFileSync('dist/index.js', 'utf8').matchAll(/import \{([^}]*)\} from "\.\//g)]
  .flatMap(([, names]) => names.split(',').map((name) => name.trim().split(' as ').pop()))
  .filter((name) => name && !CACHE_EXPORTS.includes(name));
const withoutCache = await bundle(`import { ${runtimeExports.join(', ')} } from './dist/index.js';\nconsole.log(${runtimeExports.join(', ')});`);
expectNone(`an app of every other export (${runtimeExports.length})`, withoutCache.reached, CACHE_MODULES, 'the server cache');
console.log(`the server cache adds ${everything.bytes - withoutCache.bytes} bytes minified to the every-export app, and 0 to the others`);

if (failed) process.exit(1);
