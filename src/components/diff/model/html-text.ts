/*
 * The text a reader sees in a static segment's HTML, read from its tree (html-tree.ts): elements whose
 * content never shows are left out, block elements become line breaks, images their alt text, the common
 * entities are decoded. For a segment's title; never markup: its result is only ever rendered as text.
 */
import type { DiffCatalog } from '../../../catalog/catalog.ts';
import { fillText } from '../../../catalog/format.ts';
import { type HtmlNode, parseHtml } from './html-tree.ts';

/** Elements whose content is never shown as text. */
const HIDDEN = new Set('script style template noscript iframe object textarea title svg math'.split(' '));
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

/** An image as words: its alt text in the catalog's words, with spaces around it (it stands apart from the words beside it). */
function imageText(tag: string, words: DiffCatalog): string {
  const alt = tag.match(ALT);
  const text = alt ? (alt[1] ?? alt[2] ?? alt[3] ?? '') : '';
  return ` ${text ? fillText(words.diff.image, { alt: decodeEntities(text) }, words.locale) : words.diff.imageWithoutAlt} `;
}

/** The text of `nodes` in order, comments and other markup left out. */
function collect(nodes: readonly HtmlNode[], words: DiffCatalog, parts: string[]): void {
  for (const node of nodes) {
    if (typeof node === 'string') parts.push(decodeEntities(node));
    else if ('name' in node && !HIDDEN.has(node.name)) {
      if (node.name === 'img') parts.push(imageText(node.open, words));
      const around = BLOCK.has(node.name) ? '\n' : CELL.has(node.name) ? ' ' : '';
      parts.push(around);
      collect(node.children, words, parts);
      parts.push(around);
    }
  }
}

/**
 * The visible text of untrusted HTML, one line per block, whitespace collapsed; an image is its alt text in
 * the catalog's words (`[image: Logo]`).
 *
 * @example
 * htmlText('<h2>Welcome</h2><p>Hi &amp; <strong>hello</strong></p>', englishCatalog) // 'Welcome\nHi & hello'
 */
export function htmlText(html: string, words: DiffCatalog): string {
  const parts: string[] = [];
  collect(parseHtml(html).children, words, parts);
  return parts
    .join('')
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
