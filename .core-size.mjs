import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
const names = 'createPromptApiClient, isPromptApiError, isPromptApiErrorData, parseRateLimit, parseTemplate, extractVariables, interpolate, interpolateParts, chatMessages, PromptApiProvider, usePrompt, usePromptList, useComposer, useComposerList, useSuspensePrompt, useSuspensePromptList, useSuspenseComposer, useSuspenseComposerList, useUsage, promptQueryOptions, promptListQueryOptions, composerQueryOptions, composerListQueryOptions, promptKeys, composerKeys';
const r = await build({ stdin: { contents: `export { ${names} } from './dist/index.js';`, resolveDir: process.cwd(), loader: 'js' }, bundle: true, minify: true, format: 'esm', write: false, external: ['react', 'react/*', 'react-dom', '@tanstack/react-query', 'dompurify', 'msw'], logLevel: 'silent' });
console.log(gzipSync(r.outputFiles[0].contents, { level: 9 }).length);
