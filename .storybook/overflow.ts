/** A short CSS path of an element, for the failure message. */
function describe(element: Element): string {
  const classes = [...element.classList].slice(0, 2).map((name) => `.${name}`).join('');
  return `${element.tagName.toLowerCase()}${classes}`;
}

/**
 * Throws when the page scrolls sideways: something is wider than the viewport. The message names the
 * outermost elements that stick out past the right edge, which is where a fix usually belongs.
 */
export function expectNoHorizontalOverflow(document: Document): void {
  const root = document.documentElement;
  const width = root.clientWidth;
  if (root.scrollWidth <= width) return;
  const culprits: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    const right = element.getBoundingClientRect().right;
    // The outermost offenders only: an element whose parent already sticks out adds nothing.
    if (right > width + 0.5 && (element.parentElement?.getBoundingClientRect().right ?? 0) <= width + 0.5) {
      culprits.push(`${describe(element)} ends at ${Math.round(right)} px`);
    }
  }
  throw new Error(`The story is ${root.scrollWidth} px wide in a ${width} px viewport: ${culprits.slice(0, 5).join('; ') || 'no single element found'}`);
}
