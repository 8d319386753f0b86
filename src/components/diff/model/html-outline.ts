import { BLOCK, type HtmlElement, type HtmlNode, parseHtml } from './html-tree.ts';

/** Elements whose spacing is kept as written. */
const PREFORMATTED = new Set(['pre', 'textarea']);
/** Indentation stops growing here, so a phone still has room for the text. */
const MAX_INDENT = 8;
const INDENT = '  ';

const indent = (depth: number) => INDENT.repeat(Math.min(depth, MAX_INDENT));
const startsLine = (node: HtmlNode): node is HtmlElement => typeof node === 'object' && 'name' in node && (BLOCK.has(node.name) || node.blockChildren);

/** Nodes on one line: text with its spacing collapsed (kept inside `<pre>`), tags and entities as written. */
function inline(nodes: readonly HtmlNode[], preformatted: boolean): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return preformatted ? node : node.replace(/\s+/g, ' ');
      if ('markup' in node) return node.markup;
      return node.open + inline(node.children, preformatted || PREFORMATTED.has(node.name)) + node.close;
    })
    .join('');
}

function print(element: HtmlElement, depth: number, lines: string[]): void {
  if (!element.blockChildren) {
    const preformatted = PREFORMATTED.has(element.name);
    const content = inline(element.children, preformatted);
    const line = element.open + (preformatted ? content : content.trim()) + element.close;
    if (line.trim()) lines.push(indent(depth) + line);
    return;
  }
  const inner = element.name ? depth + 1 : depth;
  if (element.open) lines.push(indent(depth) + element.open);
  let run: HtmlNode[] = [];
  const endRun = () => {
    const text = inline(run, false).trim();
    if (text) lines.push(indent(inner) + text);
    run = [];
  };
  for (const child of element.children) {
    if (startsLine(child)) {
      endRun();
      print(child, inner, lines);
    } else run.push(child);
  }
  endRun();
  if (element.close) lines.push(indent(depth) + element.close);
}

/**
 * Untrusted HTML as text that shows its structure: one block element per line (`<p>…</p>`, `<li>…</li>`),
 * its children indented under it when some of them are blocks too, inline elements and text inside their
 * line, spacing collapsed (kept inside `<pre>`), tags and entities as written. For a line diff, so a change
 * of structure (a paragraph that becomes a list) or of markup (a link's target) shows. No DOM and no
 * sanitizer: its result is only ever shown as text.
 *
 * @example
 * htmlOutline('<ul><li>One</li><li><a href="/two">Two</a></li></ul>')
 * // '<ul>\n  <li>One</li>\n  <li><a href="/two">Two</a></li>\n</ul>'
 */
export function htmlOutline(html: string): string {
  const lines: string[] = [];
  print(parseHtml(html), 0, lines);
  return lines.join('\n');
}
