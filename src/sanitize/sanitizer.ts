import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from 'dompurify';
import { installHooks } from './dompurify-hooks.ts';
import { policyKey, type SanitizePolicy, toDomPurifyConfig } from './policy.ts';

/** Sanitized HTML: a `TrustedHTML` where the browser has Trusted Types, a string elsewhere. */
export type SanitizedHtml = string | TrustedHTML;

/** A DOMPurify instance of its own with the library's policy, hooks and cache. */
export interface HtmlSanitizer {
  /**
   * Sanitizes untrusted HTML. Results are cached by content and policy. Where no DOM is available
   * (`isSupported` is false) it returns an empty string: never the input.
   */
  sanitize(html: string, policy?: SanitizePolicy): SanitizedHtml;
  /** Whether a DOM is available and DOMPurify can run. */
  readonly isSupported: boolean;
  /** How many times DOMPurify actually ran (cache hits do not count): for tests and benchmarks. */
  readonly sanitizeCount: number;
  /** Forgets every cached result. */
  clearCache(): void;
}

/** Options of `createHtmlSanitizer`. */
export interface HtmlSanitizerOptions {
  /**
   * The window whose DOM parses the HTML: a same-origin iframe's `contentWindow` (a `Window`: its DOM
   * constructors are there at run time, though TypeScript's `Window` type does not list them), or a server
   * DOM's window (jsdom's, as `installServerSanitizer` passes).
   * @default globalThis.window (read on first use, never at import time)
   */
  window?: Window | WindowLike;
  /**
   * How many results the cache keeps; the least recently used go first.
   * @default 500
   */
  cacheSize?: number;
  /**
   * The Trusted Types policy name, for the page's `trusted-types` CSP directive.
   * @default 'prompt-composer-react'
   */
  trustedTypesPolicyName?: string;
}

/** The Trusted Types policy name this library creates; list it in a `trusted-types` CSP directive. */
export const TRUSTED_TYPES_POLICY_NAME = 'prompt-composer-react';

type TrustedTypePolicyLike = { createHTML(html: string): TrustedHTML; createScriptURL(url: string): unknown };
type TrustedTypesLike = { createPolicy(name: string, rules: object): TrustedTypePolicyLike };

// One policy per window and name: a CSP without 'allow-duplicates' refuses a second createPolicy.
const trustedPolicies = new WeakMap<object, Map<string, TrustedTypePolicyLike | null>>();

/**
 * A policy that signs what DOMPurify produced, and nothing else: it stays private to this module and is
 * handed to DOMPurify only. `null` without Trusted Types, or when the CSP refuses the name (DOMPurify then
 * falls back to its own `dompurify` policy).
 */
function trustedPolicyFor(view: WindowLike, name: string): TrustedTypePolicyLike | null {
  const trustedTypes = (view as { trustedTypes?: TrustedTypesLike }).trustedTypes;
  if (!trustedTypes || typeof trustedTypes.createPolicy !== 'function') return null;
  const byName = trustedPolicies.get(view) ?? new Map<string, TrustedTypePolicyLike | null>();
  trustedPolicies.set(view, byName);
  if (!byName.has(name)) {
    try {
      byName.set(name, trustedTypes.createPolicy(name, { createHTML: (html: string) => html, createScriptURL: (url: string) => url }));
    } catch {
      byName.set(name, null);
    }
  }
  return byName.get(name) ?? null;
}

/**
 * Creates a sanitizer over a private DOMPurify instance, strict by default (see `SanitizePolicy`).
 * Most apps use `sanitizeHtml`; create your own for another window (an iframe) or cache size.
 */
export function createHtmlSanitizer(options: HtmlSanitizerOptions = {}): HtmlSanitizer {
  const cacheSize = options.cacheSize ?? 500;
  const cache = new Map<string, SanitizedHtml>();
  let purifier: DOMPurify | undefined;
  let trustedPolicy: TrustedTypePolicyLike | null = null;
  let activePolicy: SanitizePolicy | undefined;
  // The policy key the purifier is configured for: DOMPurify parses a config once (`setConfig`), not per call.
  let configuredKey: string | undefined;
  let count = 0;

  const getPurifier = (): DOMPurify => {
    if (purifier) return purifier;
    // Every window has the DOM constructors DOMPurify reads (`Node`, `Element`, `DOMParser`...).
    const view = (options.window ?? (typeof window === 'undefined' ? undefined : window)) as WindowLike | undefined;
    purifier = createDOMPurify(view);
    if (view && purifier.isSupported) {
      installHooks(purifier, () => activePolicy);
      trustedPolicy = trustedPolicyFor(view, options.trustedTypesPolicyName ?? TRUSTED_TYPES_POLICY_NAME);
    }
    return purifier;
  };

  return {
    sanitize(html, policy) {
      const instance = getPurifier();
      // DOMPurify returns its input unchanged when unsupported: never let that through.
      if (!instance.isSupported) return '';
      const policyId = policyKey(policy);
      const key = `${policyId}\u0000${html}`;
      let result = cache.get(key);
      // Re-inserted on a hit: a Map iterates in insertion order, so the first key is the least recently used.
      cache.delete(key);
      if (result === undefined) {
        if (configuredKey !== policyId) {
          const config: Config = toDomPurifyConfig(policy);
          if (trustedPolicy) Object.assign(config, { TRUSTED_TYPES_POLICY: trustedPolicy });
          configuredKey = undefined;
          // Always a string (or TrustedHTML), whatever a raw domPurifyConfig asks for.
          instance.setConfig({ ...config, RETURN_DOM: false, RETURN_DOM_FRAGMENT: false, IN_PLACE: false, RETURN_TRUSTED_TYPE: true });
          configuredKey = policyId;
        }
        activePolicy = policy;
        count += 1;
        try {
          result = instance.sanitize(html);
        } finally {
          activePolicy = undefined;
        }
      }
      cache.set(key, result);
      if (cache.size > cacheSize) cache.delete(cache.keys().next().value as string);
      return result;
    },
    get isSupported() {
      return getPurifier().isSupported;
    },
    get sanitizeCount() {
      return count;
    },
    clearCache() {
      cache.clear();
    },
  };
}

let defaultSanitizer: HtmlSanitizer | undefined;

/**
 * Where `installServerSanitizer` (from `prompt-composer-react/server/sanitizer`) leaves the server DOM's sanitizer:
 * on `globalThis` under a registered symbol, because a server bundle may hold this module more than once
 * (Next.js loads Server Components and client components in separate module graphs of one process).
 */
const SERVER_SANITIZER = Symbol.for('prompt-composer-react.server-sanitizer');

type ServerSanitizerSlot = { [SERVER_SANITIZER]?: HtmlSanitizer };

/** The server DOM's sanitizer, when the app installed one with `prompt-composer-react/server`. */
export function serverSanitizer(): HtmlSanitizer | undefined {
  return (globalThis as ServerSanitizerSlot)[SERVER_SANITIZER];
}

/** Installs (or, with `undefined`, removes) the server DOM's sanitizer: for `prompt-composer-react/server` only. */
export function setServerSanitizer(sanitizer: HtmlSanitizer | undefined): void {
  const slot = globalThis as ServerSanitizerSlot;
  if (sanitizer) slot[SERVER_SANITIZER] = sanitizer;
  else delete slot[SERVER_SANITIZER];
}

/**
 * The sanitizer `sanitizeHtml` and `StaticSegment` share: created on first use over `window`, or, where
 * there is no window, the server DOM's one from `prompt-composer-react/server` when the app installed it.
 */
export function getDefaultSanitizer(): HtmlSanitizer {
  if (typeof window === 'undefined') {
    const server = serverSanitizer();
    if (server) return server;
  }
  defaultSanitizer ??= createHtmlSanitizer();
  return defaultSanitizer;
}

/**
 * Sanitizes untrusted HTML with the strict default policy, or a loosened one. Cached by content and
 * policy. Returns `TrustedHTML` where Trusted Types exist, and an empty string where there is no DOM
 * (on a server: unless the app installed a server DOM with `prompt-composer-react/server`).
 *
 * @example
 * element.innerHTML = sanitizeHtml(segment.content) as string
 */
export function sanitizeHtml(html: string, policy?: SanitizePolicy): SanitizedHtml {
  return getDefaultSanitizer().sanitize(html, policy);
}
