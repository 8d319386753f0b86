/** A short CSS path of an element, for the failure message. */
function describe(element: Element): string {
  const classes = [...element.classList].slice(0, 2).map((name) => `.${name}`).join('');
  return `${element.tagName.toLowerCase()}${classes}`;
}

/** Whether an element keeps its content inside its own box: what sticks out of it is clipped, not the page's problem. */
function clipsContent(element: Element): boolean {
  const style = getComputedStyle(element);
  return style.overflowX !== 'visible' || /paint|content|strict/.test(style.contain);
}

/**
 * The outermost elements that stick out of the viewport on either side: past the right edge (the page scrolls
 * sideways) or past the left edge (right to left, where the page cannot even scroll to them). What a
 * clipping element holds is left out; so is an empty box.
 */
function sticksOut(root: Element, width: number): string[] {
  const culprits: string[] = [];
  const visit = (element: Element) => {
    const box = element.getBoundingClientRect();
    if (box.width > 0 && (box.right > width + 0.5 || box.left < -0.5)) {
      culprits.push(`${describe(element)} spans ${Math.round(box.left)} to ${Math.round(box.right)} px`);
      return;
    }
    if (!clipsContent(element)) for (const child of element.children) visit(child);
  };
  for (const child of root.children) visit(child);
  return culprits;
}

/**
 * Throws when the story does not fit its viewport's width: the page scrolls sideways, or an element sticks
 * out on either side. The message names the outermost elements that stick out, which is where a fix
 * usually belongs.
 */
export function expectNoHorizontalOverflow(document: Document): void {
  const root = document.documentElement;
  const width = root.clientWidth;
  const culprits = sticksOut(document.body, width);
  if (root.scrollWidth <= width && culprits.length === 0) return;
  throw new Error(`The story is ${root.scrollWidth} px wide in a ${width} px viewport: ${culprits.slice(0, 5).join('; ') || 'no single element found'}`);
}
