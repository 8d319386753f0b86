import type { Config } from 'dompurify';

/**
 * Loosens the strict default policy of `sanitizeHtml` and `StaticSegment`. Every option is opt-in: an
 * empty policy (or none) is the strict default. Widen only for HTML you trust more than the service's.
 *
 * @example
 * // Keep inline styles and allow data: images (for example pasted screenshots).
 * <StaticSegment html={html} policy={{ allowAttributes: ['style'], allowDataUrls: true }} />
 */
export interface SanitizePolicy {
  /**
   * Tags to allow on top of DOMPurify's HTML profile, removed from the strict block list too
   * (for example `['details', 'summary']` are allowed already; `['form', 'input']` are not).
   * `script` is never allowed, in any spelling (`Script`, `SCRIPT`).
   * @default []
   */
  allowTags?: readonly string[];
  /**
   * Attributes to allow, removed from the strict block list too (for example `['style']`, or `['class']`
   * for HTML written against your own stylesheet: class names are dropped by default, since they let the
   * HTML borrow the app's utility classes). Event handler attributes (`on*`) are never allowed.
   * @default []
   */
  allowAttributes?: readonly string[];
  /**
   * Allow `data:` URLs in `src` of media elements (`img`, `audio`, `video`, `source`, `track`).
   * `data:` is never allowed in `srcset` (DOMPurify removes it there), `href` or other URL attributes.
   * @default false
   */
  allowDataUrls?: boolean;
  /**
   * Prefix `id` and `name` values with `user-content-` (DOMPurify's `SANITIZE_NAMED_PROPS`) so the HTML
   * cannot clobber `document.x` or `window.x`. In-page links (`href="#x"`) and id references (`for`,
   * `headers`, `aria-labelledby`...) are prefixed to match.
   * @default true
   */
  namespaceIds?: boolean;
  /**
   * A raw DOMPurify config merged over the computed one, last. The escape hatch: it can undo any
   * protection above, so review it like code. Functions and RegExps in it are keyed by identity for
   * the cache: define it once, outside render.
   * @default undefined
   */
  domPurifyConfig?: Config;
}

/** The prefix DOMPurify's `SANITIZE_NAMED_PROPS` writes before every `id` and `name`. */
export const NAMED_PROPS_PREFIX = 'user-content-';

/** Blocked on top of the HTML profile: forms and controls, frames, embeds, document-level and style tags. */
export const STRICT_FORBID_TAGS: readonly string[] = [
  'script', 'style', 'link', 'meta', 'base', 'title', 'head', 'noscript', 'template', 'xmp', 'noembed',
  'noframes', 'plaintext', 'form', 'input', 'button', 'select', 'option', 'optgroup', 'textarea',
  'datalist', 'output', 'fieldset', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal',
  'svg', 'math', 'dialog', 'slot',
];

/**
 * Blocked attributes: inline CSS and class names (which would borrow the host app's utility classes, such as
 * `fixed inset-0 z-50`, to lay a link over the page), form submission, frame content, focus stealing,
 * popovers.
 */
export const STRICT_FORBID_ATTR: readonly string[] = [
  'style', 'class', 'action', 'formaction', 'form', 'method', 'enctype', 'srcdoc', 'autofocus', 'popover',
  'popovertarget', 'popovertargetaction', 'command', 'commandfor', 'ping', 'background', 'nonce',
  'integrity', 'xmlns', 'is',
];

/** Never allowed, whatever the policy says. */
const ALWAYS_FORBIDDEN_TAGS = ['script'];

/** `list` without the names of `remove`, ignoring case on both sides (DOMPurify lowercases names). */
const without = (list: readonly string[], remove: readonly string[]) => {
  const removed = new Set(remove.map((name) => name.toLowerCase()));
  return list.filter((name) => !removed.has(name.toLowerCase()));
};

/** Turns a policy into the DOMPurify config of one sanitize call. */
export function toDomPurifyConfig(policy: SanitizePolicy | undefined): Config {
  const allowTags = without(policy?.allowTags ?? [], ALWAYS_FORBIDDEN_TAGS);
  const allowAttributes = (policy?.allowAttributes ?? []).filter((name) => !/^on/i.test(name));
  // USE_PROFILES replaces ALLOWED_TAGS/ALLOWED_ATTR but honours ADD_TAGS/ADD_ATTR.
  const config: Config = {
    USE_PROFILES: { html: true },
    ADD_TAGS: [...allowTags],
    // `target` is not in DOMPurify's list; links opening a new tab are common in documentation HTML.
    ADD_ATTR: ['target', ...allowAttributes],
    // `script` stays forbidden however `allowTags` spells it.
    FORBID_TAGS: [...without(STRICT_FORBID_TAGS, allowTags), ...ALWAYS_FORBIDDEN_TAGS],
    FORBID_ATTR: without(STRICT_FORBID_ATTR, allowAttributes),
    // DOMPurify's default list minus ftp, callto, sms, cid, xmpp and matrix.
    ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    SANITIZE_DOM: true,
    SANITIZE_NAMED_PROPS: policy?.namespaceIds ?? true,
    SAFE_FOR_TEMPLATES: false,
    WHOLE_DOCUMENT: false,
    RETURN_DOM: false,
    RETURN_DOM_FRAGMENT: false,
  };
  return { ...config, ...policy?.domPurifyConfig };
}

const functionIds = new WeakMap<object, number>();
let nextFunctionId = 0;

/**
 * A string that is equal for two policies that sanitize the same way: the cache key, and the
 * comparison `StaticSegment` uses, so an inline `policy={{ ... }}` does not re-render.
 */
export function policyKey(policy: SanitizePolicy | undefined): string {
  if (!policy) return '';
  return JSON.stringify(policy, (_key, value: unknown) => {
    if (value instanceof RegExp) return `RegExp(${String(value)})`;
    if (typeof value === 'function' || (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype)) {
      let id = functionIds.get(value);
      if (id === undefined) functionIds.set(value, (id = ++nextFunctionId));
      return `ref#${id}`;
    }
    return value;
  });
}
