// Proves that an app importing only hooks (and the client) pulls in no byte of msw or DOMPurify:
// bundles such an app from dist/ with esbuild, peers external, and lists the inputs that reached it.
import { build } from 'esbuild';

const entry = `
import { createPromptApiClient, PromptApiProvider, usePrompt, usePromptList, useComposer, useUsage, interpolate } from './dist/index.js';
console.log(createPromptApiClient, PromptApiProvider, usePrompt, usePromptList, useComposer, useUsage, interpolate);
`;
const result = await build({
  stdin: { contents: entry, resolveDir: process.cwd(), loader: 'js' },
  bundle: true,
  write: false,
  minify: true,
  format: 'esm',
  metafile: true,
  external: ['react', 'react/*', 'react-dom', 'react-dom/*', '@tanstack/react-query'],
  logLevel: 'silent',
});
// The inputs that contributed bytes to the output (the metafile's top-level inputs also list files
// that were read and then shaken away).
const output = Object.values(result.metafile.outputs)[0];
const inputs = Object.entries(output?.inputs ?? {})
  .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
  .map(([path]) => path);
const forbidden = inputs.filter((path) => /node_modules\/(dompurify|msw|@mswjs)\//.test(path) || /dist\/(mocks|handlers)/.test(path));
const bytes = result.outputFiles[0]?.contents.length ?? 0;
console.log(`hooks-only app: ${bytes} bytes minified, from ${inputs.length} modules: ${inputs.join(', ')}`);
if (forbidden.length > 0) {
  console.error(`hooks-only app pulls in ${forbidden.join(', ')}`);
  process.exit(1);
}
console.log('hooks-only app pulls in no byte of msw or DOMPurify');
