// Checks the `"use client"` directive of every built file in dist/ against the lists below: React Server
// Components frameworks (Next.js App Router) read it on the first line of a module, and only there. A
// module without it must not import what only a client component may call (useState, createContext, a
// TanStack Query hook ...): a Server Component that renders it would fail at request time.
//
// A module carries it when it itself needs client-only React: state, effects, context,
// useSyncExternalStore, useDeferredValue, event handlers on elements, or a hook that does (TanStack
// Query marks its files the same way). Everything else must stay callable from a Server Component: the
// barrel, the client, templates, query option factories and keys, the catalogs, the presentational
// ComposerView, PromptCard, ApiErrorMessage, PromptDiff and ComposerDiff (useId and memo work there), the
// sanitizer and the server entry.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const dist = 'dist';

/** Built files that must start with the directive. */
const CLIENT = [
  'query/PromptApiProvider.js',
  'query/useComposer.js',
  'query/useLists.js',
  'query/usePrompt.js',
  'query/useUsage.js',
  'query/useDetail.js',
  'components/preview/ComposerPreview.js',
  'components/preview/PromptPreview.js',
  'components/usage/UsageBanner.js',
  'components/usage/UsageCallout.js',
  'components/errors/QueryErrorMessage.js',
  'components/preview/PreviewFrame.js',
  'components/preview/ScopedPromptCard.js',
  'components/composer/StaticSegment.js',
  'components/shared/CopyButton.js',
  'components/composer/PromptCardFrame.js',
  'components/preview/VariablesForm.js',
  'components/preview/usePreviewValues.js',
  'components/preview/usePreview.js',
  'components/preview/useComposerPreview.js',
  'components/preview/usePromptPreview.js',
  'components/preview/PreviewSegmentList.js',
  'components/usage/usePeriodEnded.js',
  'components/usage/useUsageDismissal.js',
  'components/usage/useUsageCheck.js',
  'query/useVersions.js',
  'components/diff/PromptVersionDiff.js',
  'components/diff/ComposerVersionDiff.js',
  'components/diff/VersionDiff.js',
  'components/diff/VersionDiffFrame.js',
  'components/diff/useVersionSelection.js',
  'components/diff/VersionPicker.js',
  'components/diff/views/RenderedVersions.js',
  'components/shared/useCatalog.js',
];

/**
 * Built files that must not carry it, named so that a rename or a directive added by mistake fails here.
 * Any other built file must not carry it either.
 */
const SERVER_SAFE = [
  'index.js',
  'server/index.js',
  'api/client.js',
  'api/errors.js',
  'api/validate.js',
  'template/interpolate.js',
  'template/parse.js',
  'query/keys.js',
  'query/options.js',
  'query/retry.js',
  'components/composer/ComposerView.js',
  'components/composer/PromptCard.js',
  'components/errors/ApiErrorMessage.js',
  'components/errors/api-error-wording.js',
  'components/shared/Icon.js',
  'components/diff/PromptDiff.js',
  'components/diff/ComposerDiff.js',
  'query/versions.js',
  'catalog/english.js',
  'catalog/german.js',
  'catalog/format.js',
  'catalog/resolve.js',
  'sanitize/sanitizer.js',
  'mocks/index.js',
  'mocks/server.js',
];

/**
 * React APIs that only client components may call (React's server build leaves them out); a module
 * without the directive that imports one fails in a Server Component. `memo`, `useId`, `useMemo` and
 * `useCallback` work there.
 */
const CLIENT_ONLY_REACT = new Set([
  'createContext',
  'useActionState',
  'useContext',
  'useDeferredValue',
  'useEffect',
  'useImperativeHandle',
  'useInsertionEffect',
  'useLayoutEffect',
  'useOptimistic',
  'useReducer',
  'useRef',
  'useState',
  'useSyncExternalStore',
  'useTransition',
]);

/** The client-only names a built file imports from React, and the hooks it imports from TanStack Query. */
function clientOnlyImports(text) {
  const names = [];
  for (const [, list, from] of text.matchAll(/^import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/gm)) {
    for (const name of list.split(',').map((part) => part.trim().split(/\s+as\s+/)[0]).filter(Boolean)) {
      if ((from === 'react' && CLIENT_ONLY_REACT.has(name)) || (from === '@tanstack/react-query' && /^use[A-Z]/.test(name))) {
        names.push(`${name} from ${from}`);
      }
    }
  }
  return names;
}

const DIRECTIVE = /^\s*(['"])use client\1;?\s*$/;
const ANYWHERE = /^\s*(['"])use client\1;?\s*$/m;

function builtFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? builtFiles(path) : path.endsWith('.js') ? [relative(dist, path)] : [];
  });
}

const files = builtFiles(dist).map((path) => path.split('\\').join('/')).sort();
const problems = [];
for (const listed of [...CLIENT, ...SERVER_SAFE]) {
  if (!files.includes(listed)) problems.push(`${listed}: listed, but not built`);
}
let client = 0;
for (const file of files) {
  const text = readFileSync(join(dist, file), 'utf8');
  const firstLine = text.split('\n', 1)[0] ?? '';
  const marked = DIRECTIVE.test(firstLine);
  if (CLIENT.includes(file)) {
    if (!marked) problems.push(`${file}: must start with "use client", starts with ${JSON.stringify(firstLine.slice(0, 60))}`);
    else client++;
  } else if (marked) {
    problems.push(`${file}: must not carry "use client" (server-safe)`);
  } else if (ANYWHERE.test(text)) {
    problems.push(`${file}: has "use client" below its first line, where it is no directive`);
  } else if (clientOnlyImports(text).length > 0) {
    problems.push(`${file}: server-safe, but imports what only a client component may use (${clientOnlyImports(text).join(', ')})`);
  }
}

if (problems.length > 0) {
  console.error(`check-directives: ${problems.length} problem(s)\n${problems.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
console.log(`check-directives: ${files.length} built files, ${client} client modules, as listed`);
