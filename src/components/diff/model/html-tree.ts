/*
 * Untrusted HTML read into a tree without a DOM (the diffs render on a server and in Server Components), for
 * the two forms the diffs show of it: its outline (html-outline.ts) and its text (html-text.ts). Only ever a
 * reading: nothing of the HTML reaches the page as markup. One pass over the input, hostile or not.
 */

/** An element as written: its start tag, its end tag (`''` where the HTML left it out), its children. */
export interface HtmlElement {
  /** The tag name in lower case (`''` for the root). */
  name: string;
  open: string;
  close: string;
  children: HtmlNode[];
  /** Whether a child is a block, or holds one: then the outline puts the children on lines of their own. */
  blockChildren: boolean;
}

/** Markup that is not an element: a comment, a doctype, an end tag without its element. */
export interface HtmlMarkup {
  markup: string;
}

/** Text (entities as written), an element, or other markup. */
export type HtmlNode = string | HtmlElement | HtmlMarkup;

/** Elements that start a line of their own in the outline. */
export const BLOCK = new Set(
  (
    'address article aside audio blockquote body canvas caption col colgroup dd details dialog div dl dt fieldset figcaption figure footer form ' +
    'h1 h2 h3 h4 h5 h6 head header hgroup hr html iframe legend li link main math menu meta nav noscript object ol optgroup option p picture pre ' +
    'script section select source style summary svg table tbody td template textarea tfoot th thead title tr track ul video'
  ).split(' '),
);
/** Elements that have no content and no end tag. */
const VOID = new Set('area base br col embed hr img input link meta source track wbr'.split(' '));
/** Elements whose content is text up to their end tag, never markup. */
const RAW = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes']);
/** An element that ends an open one of these names where it starts, as HTML's parser does (`<li>a<li>b`). */
const ENDS = new Map<string, ReadonlySet<string>>([
  ['li', new Set(['li'])],
  ['dt', new Set(['dt', 'dd'])],
  ['dd', new Set(['dt', 'dd'])],
  ['tr', new Set(['tr', 'td', 'th'])],
  ['td', new Set(['td', 'th'])],
  ['th', new Set(['td', 'th'])],
  ['option', new Set(['option'])],
]);
/** Deeper elements stay in their parent: the tree's depth, and the cost of reading it, stay bounded. */
const MAX_DEPTH = 32;
const TAG_NAME = /^<(\/?)([a-zA-Z][\w:-]*)/;

/** The end of the tag that starts at `start` (after its `>`): a quoted attribute value may hold `>`. */
function tagEnd(html: string, start: number): number {
  let quote = '';
  let previous = '';
  for (let index = start + 1; index < html.length; index++) {
    const character = html[index] as string;
    if (quote) {
      if (character === quote) quote = '';
    } else if ((character === '"' || character === "'") && previous === '=') {
      quote = character;
    } else if (character === '>') {
      return index + 1;
    }
    if (character.trim()) previous = character;
  }
  return html.length;
}

/**
 * `html` as a tree: elements nested as written, an end tag matched to the open element of its name (the
 * elements opened inside it end there too), `<li>`, `<p>` and table cells ended by the next one as browsers
 * do, the content of `<script>`, `<style>` and `<textarea>` read as text, an unclosed comment or raw
 * element taking the rest. Tags are kept as written, their whitespace collapsed.
 */
export function parseHtml(html: string): HtmlElement {
  const lower = html.toLowerCase();
  const root: HtmlElement = { name: '', open: '', close: '', children: [], blockChildren: false };
  const stack: HtmlElement[] = [root];
  // How many elements of each name are open, so that an end tag finds its element without a scan.
  const open = new Map<string, number>();
  const top = () => stack[stack.length - 1] as HtmlElement;
  const pop = () => {
    const element = stack.pop() as HtmlElement;
    open.set(element.name, (open.get(element.name) ?? 1) - 1);
    if (BLOCK.has(element.name) || element.blockChildren) top().blockChildren = true;
  };
  const start = (name: string, tag: string) => {
    if (stack.length > 1 && (ENDS.get(name)?.has(top().name) || (BLOCK.has(name) && top().name === 'p'))) pop();
    const element: HtmlElement = { name, open: tag, close: '', children: [], blockChildren: false };
    top().children.push(element);
    if (VOID.has(name) || tag.endsWith('/>') || stack.length >= MAX_DEPTH) {
      if (BLOCK.has(name)) top().blockChildren = true;
      return false;
    }
    stack.push(element);
    open.set(name, (open.get(name) ?? 0) + 1);
    return true;
  };
  let position = 0;
  while (position < html.length) {
    const found = html.indexOf('<', position);
    const next = found < 0 ? html.length : found;
    if (next > position) top().children.push(html.slice(position, next));
    if (found < 0) break;
    const tag = TAG_NAME.exec(html.slice(next, next + 64));
    if (html.startsWith('<!--', next)) {
      const end = html.indexOf('-->', next + 4);
      position = end < 0 ? html.length : end + 3;
      top().children.push({ markup: html.slice(next, position) });
      continue;
    }
    if (!tag && !/^<[!?]/.test(html.slice(next, next + 2))) {
      top().children.push('<');
      position = next + 1;
      continue;
    }
    position = tagEnd(html, next);
    const text = html.slice(next, position).replace(/\s+/g, ' ');
    const name = tag?.[2]?.toLowerCase() ?? '';
    if (!tag || (tag[1] === '/' && !open.get(name))) {
      top().children.push({ markup: text });
    } else if (tag[1] === '/') {
      while (top().name !== name) pop();
      top().close = text;
      pop();
    } else if (start(name, text) && RAW.has(name)) {
      const end = lower.indexOf(`</${name}`, position);
      const content = html.slice(position, end < 0 ? html.length : end);
      if (content) top().children.push(content);
      position = end < 0 ? html.length : end;
    }
  }
  while (stack.length > 1) pop();
  return root;
}
