/*
 * The text a reader sees in a static segment's HTML, without a DOM (the diff components render on a
 * server and in Server Components): elements whose content never shows are dropped, block elements
 * become line breaks, images their alt text, the common entities are decoded. An approximation for
 * comparing versions, never markup: its result is only ever rendered as text.
 */
import type { DiffCatalog } from '../../catalog/catalog.ts';
import { fillText } from '../../catalog/format.ts';

/** Comments, and elements whose content is never shown as text. */
const HIDDEN = /<!--|<(script|style|template|noscript|iframe|object|textarea|title|svg|math)\b/gi;
/**
 * A start or end tag with its attributes (quoted values may hold `>`). Unquoted, an attribute stops at the
 * next `<`, so a run of unclosed tags is read in linear time.
 */
const TAG = /<\/?([a-zA-Z][\w:-]*)(?:[^<>"']|"[^"]*"|'[^']*')*>/g;
/** Elements that start a new line of text. */
const BLOCK = new Set(
  'address article aside blockquote br caption dd details div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody thead tfoot tr ul'.split(' '),
);
/** Table cells: a space between them. */
const CELL = new Set(['td', 'th']);
const ALT = /\salt\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const ENTITY = /&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|(amp|lt|gt|quot|apos|nbsp));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (entity, decimal: string | undefined, hexadecimal: string | undefined, name: string | undefined) => {
    if (name) return NAMED[name] ?? entity;
    const codePoint = decimal ? Number(decimal) : Number.parseInt(hexadecimal ?? '', 16);
    return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
  });
}

/**
 * `html` without comments and hidden elements, with their content. One pass (each search starts where the
 * last one ended, so hostile input stays linear); an unclosed one hides the rest, as a browser would.
 */
function withoutHidden(html: string): string {
  const lower = html.toLowerCase();
  let text = '';
  let position = 0;
  HIDDEN.lastIndex = 0;
  for (let match = HIDDEN.exec(html); match; match = HIDDEN.exec(html)) {
    text += html.slice(position, match.index);
    const element = match[1]?.toLowerCase();
    const close = lower.indexOf(element ? `</${element}` : '-->', HIDDEN.lastIndex);
    if (close < 0) return text;
    const end = element ? lower.indexOf('>', close) : close + 2;
    position = end < 0 ? html.length : end + 1;
    HIDDEN.lastIndex = position;
  }
  return text + html.slice(position);
}

function tagText(tag: string, name: string, words: DiffCatalog): string {
  const element = name.toLowerCase();
  if (element === 'img' && !tag.startsWith('</')) {
    const alt = tag.match(ALT);
    const text = alt ? (alt[1] ?? alt[2] ?? alt[3] ?? '') : '';
    // Spaces around it: an image stands apart from the words beside it.
    return ` ${text ? fillText(words.diff.image, { alt: text }, words.locale) : words.diff.imageWithoutAlt} `;
  }
  if (BLOCK.has(element)) return '\n';
  return CELL.has(element) ? ' ' : '';
}

/**
 * The visible text of untrusted HTML, one line per block, whitespace collapsed; an image is its alt text in
 * the catalog's words (`[image: Logo]`).
 *
 * @example
 * htmlText('<h2>Welcome</h2><p>Hi &amp; <strong>hello</strong></p>', englishCatalog) // 'Welcome\nHi & hello'
 */
export function htmlText(html: string, words: DiffCatalog): string {
  const text = withoutHidden(html).replace(TAG, (tag: string, name: string) => tagText(tag, name, words));
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** The first line of the text, shortened to `length` characters, for a segment's title. */
export function textSnippet(text: string, length = 80): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > length ? `${line.slice(0, length - 1).trimEnd()}…` : line;
}
