// prompt-composer-react/server/sanitizer: a server DOM (jsdom) for DOMPurify, so server output carries the
// sanitized static HTML. An entry of its own: a server that imports the handler or a store loads neither
// DOMPurify nor jsdom. jsdom is loaded when the sanitizer is installed, where Node's require exists.
import type { WindowLike } from 'dompurify';
import type { JSDOM } from 'jsdom';
import { createHtmlSanitizer, type HtmlSanitizer, serverSanitizer, setServerSanitizer } from '../sanitize/sanitizer.ts';

/** What loading jsdom needs of `node:module`. */
interface NodeModule {
  createRequire(from: string): (id: string) => unknown;
}

/**
 * A new jsdom window. jsdom is loaded here, when the sanitizer is installed, not when this entry is
 * imported, through Node's `require` (found by `process.getBuiltinModule`, with no static `node:` import):
 * a runtime without it (Cloudflare Workers, Vercel Edge) gets a clear error, and can pass a `window`.
 */
function jsdomWindow(): WindowLike {
  const process = (globalThis as { process?: { getBuiltinModule?(id: string): unknown } }).process;
  const nodeModule = process?.getBuiltinModule?.('node:module') as NodeModule | undefined;
  // `import.meta.url` is undefined where a bundle runs without a file (Workers with nodejs_compat).
  const from: string | undefined = import.meta.url;
  if (!nodeModule || !from) {
    throw new Error('installServerSanitizer loads jsdom, which needs Node (20.16 or later), Bun or Deno: on this runtime, pass { window }');
  }
  let jsdom: { JSDOM: typeof JSDOM };
  try {
    jsdom = nodeModule.createRequire(from)('jsdom') as { JSDOM: typeof JSDOM };
  } catch (cause) {
    throw new Error('installServerSanitizer needs jsdom (20 or later): npm install jsdom', { cause });
  }
  return new jsdom.JSDOM('').window;
}

/** Options of `installServerSanitizer`. */
export interface ServerSanitizerOptions {
  /**
   * The server DOM DOMPurify parses with. DOMPurify supports jsdom (20 or later) on the server; other
   * server DOMs are known to let XSS through.
   * @default a new jsdom window, `new JSDOM('').window`
   */
  window?: WindowLike;
  /**
   * How many sanitized results the cache keeps; the least recently used go first.
   * @default 500
   */
  cacheSize?: number;
}

/**
 * Gives DOMPurify a server DOM (jsdom, an optional peer dependency: `npm install jsdom`), so that on the
 * server `StaticSegment`, `ComposerView`, `ComposerPreview` and `sanitizeHtml` render sanitized static HTML
 * (the same strict policy as in the browser) instead of an empty container. Without it, server output
 * never holds static HTML, sanitized or not.
 *
 * Call it once per server process before rendering: at the top of a root layout, a server entry or
 * `instrumentation.ts`. It keeps one sanitizer per process (on `globalThis`, seen from every module graph
 * of a server bundle); a second call without options returns it.
 *
 * @returns The server sanitizer (its `sanitize` is what `sanitizeHtml` uses on the server).
 * @throws Error when DOMPurify cannot run on the given window, or (without `window`) jsdom is not installed
 * or cannot load on this runtime.
 *
 * @example
 * import { installServerSanitizer } from 'prompt-composer-react/server/sanitizer';
 *
 * installServerSanitizer();
 */
export function installServerSanitizer(options: ServerSanitizerOptions = {}): HtmlSanitizer {
  const installed = serverSanitizer();
  if (installed && options.window === undefined && options.cacheSize === undefined) return installed;
  const sanitizer = createHtmlSanitizer({ window: options.window ?? jsdomWindow(), cacheSize: options.cacheSize });
  if (!sanitizer.isSupported) throw new Error('installServerSanitizer: DOMPurify cannot run on this window (no working DOM); nothing installed');
  setServerSanitizer(sanitizer);
  return sanitizer;
}

/** Removes the server sanitizer: server output goes back to empty static containers. For tests. */
export function uninstallServerSanitizer(): void {
  setServerSanitizer(undefined);
}

export type { HtmlSanitizer } from '../sanitize/sanitizer.ts';
