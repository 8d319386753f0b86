import type { DOMPurify } from 'dompurify';
import { NAMED_PROPS_PREFIX, type SanitizePolicy } from './policy.ts';

/** Attributes whose value is one URL (or, for `srcset`, a list of them). */
const URL_ATTRIBUTES = new Set([
  'href', 'src', 'xlink:href', 'action', 'formaction', 'srcset', 'poster', 'cite', 'longdesc', 'background',
  'data', 'codebase', 'ping', 'manifest', 'icon', 'dynsrc', 'lowsrc',
]);
const MEDIA_TAGS = new Set(['img', 'audio', 'video', 'source', 'track', 'picture']);
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
/** Attributes holding space-separated id references, prefixed like the ids they point at. */
const ID_REFERENCE_ATTRIBUTES = new Set([
  'for', 'headers', 'list', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'aria-details',
  'aria-errormessage', 'aria-flowto', 'aria-activedescendant',
]);

/**
 * The scheme a browser would see: the URL parser drops tabs and newlines anywhere and C0 controls and
 * spaces at both ends, so `java\nscript:` and `\u0001javascript:` are still `javascript:`. Removing
 * every control and space is stricter than the parser, which is the safe direction for a check.
 */
function schemeOf(url: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g, '');
  return /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
}

function isSafeUrl(url: string, tag: string, attribute: string, policy: SanitizePolicy | undefined): boolean {
  const scheme = schemeOf(url);
  if (scheme === undefined) return true; // relative: same origin as the page
  if (SAFE_SCHEMES.has(scheme)) return true;
  // `src` only: DOMPurify removes `data:` from `srcset` whatever this hook says.
  return scheme === 'data' && policy?.allowDataUrls === true && MEDIA_TAGS.has(tag) && attribute === 'src';
}

/** Each `srcset` candidate is a URL followed by an optional descriptor. */
function isSafeSrcset(value: string, tag: string, policy: SanitizePolicy | undefined): boolean {
  return value.split(',').every((candidate) => isSafeUrl(candidate.trim().split(/\s+/)[0] ?? '', tag, 'srcset', policy));
}

const prefixed = (token: string) => (token.startsWith(NAMED_PROPS_PREFIX) ? token : NAMED_PROPS_PREFIX + token);

/**
 * Installs the library's hooks on a private DOMPurify instance (never the global one, so the app's own
 * DOMPurify use is unaffected). `currentPolicy` is read during each synchronous `sanitize` call.
 */
export function installHooks(purifier: DOMPurify, currentPolicy: () => SanitizePolicy | undefined): void {
  purifier.addHook('uponSanitizeAttribute', (node, event) => {
    const name = event.attrName;
    if (name.startsWith('on')) {
      event.keepAttr = false;
      return;
    }
    const policy = currentPolicy();
    if (URL_ATTRIBUTES.has(name)) {
      const tag = node.nodeName.toLowerCase();
      const safe = name === 'srcset' ? isSafeSrcset(event.attrValue, tag, policy) : isSafeUrl(event.attrValue, tag, name, policy);
      if (!safe) {
        event.keepAttr = false;
        return;
      }
    }
    if (policy?.namespaceIds === false) return;
    // Ids get the prefix, so in-page links and id references must follow, or they point nowhere.
    if ((name === 'href' || name === 'usemap') && /^#./.test(event.attrValue)) {
      event.attrValue = `#${prefixed(event.attrValue.slice(1))}`;
    } else if (ID_REFERENCE_ATTRIBUTES.has(name)) {
      event.attrValue = event.attrValue.split(/\s+/).filter(Boolean).map(prefixed).join(' ');
    }
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (!('getAttribute' in node) || !node.hasAttribute('target')) return;
    // Only a new tab is a useful target here; a named one could drive another window of the app.
    if (node.getAttribute('target')?.toLowerCase() !== '_blank') {
      node.removeAttribute('target');
      return;
    }
    node.setAttribute('target', '_blank');
    const rel = new Set((node.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean));
    rel.add('noopener');
    rel.add('noreferrer');
    node.setAttribute('rel', [...rel].join(' '));
  });
}
