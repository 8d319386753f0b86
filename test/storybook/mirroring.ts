/**
 * Right to left, what has a side must be on the other one. Each check runs on the elements a story shows,
 * at a width where the preview has two columns (1280 px).
 */
const box = (element: Element) => element.getBoundingClientRect();

/** Where an element's text runs (a block's own box spans its whole column, its text may not). */
function textBox(element: Element): DOMRect {
  const range = document.createRange();
  range.selectNodeContents(element);
  return range.getBoundingClientRect();
}
const width = (element: Element, side: 'Left' | 'Right') => Number.parseFloat(getComputedStyle(element)[`border${side}Width`]);

/**
 * Which drawing of a turning icon's strip its box shows: `ltr` (the strip's left half, pointing right) or `rtl`
 * (its right half, pointing left), by where the strip lies against the box.
 */
export function showsDrawing(icon: Element): 'ltr' | 'rtl' | 'neither' {
  const strip = icon.querySelector('svg');
  if (!strip) return 'neither';
  const [outer, inner] = [box(icon), box(strip)];
  if (Math.abs(inner.left - outer.left) < 1 && inner.right > outer.right + 1) return 'ltr';
  if (Math.abs(inner.right - outer.right) < 1 && inner.left < outer.left - 1) return 'rtl';
  return 'neither';
}

/** The turning icons under `root` (left to right) that do not point to the right. */
export function unmirroredProblems(root: Element): string[] {
  return [...root.querySelectorAll('.pcr-icon[data-mirrors]')].filter((icon) => icon.checkVisibility() && showsDrawing(icon) !== 'ltr').map((icon) => `a ${icon.getAttribute('data-icon')} does not point right`);
}

/** What is not mirrored under `root` (which has `dir="rtl"`), in words. */
export function mirroringProblems(root: Element): string[] {
  const problems: string[] = [];
  const expectThat = (holds: boolean, problem: string) => {
    if (!holds) problems.push(problem);
  };
  for (const body of root.querySelectorAll('.pcr-preview__body')) {
    const form = body.querySelector('.pcr-preview__form');
    const output = body.querySelector('.pcr-preview__output');
    if (form && output) expectThat(box(form).left > box(output).right - 1, 'the preview: its first column (the form) is not on the right');
  }
  for (const banner of root.querySelectorAll('.pcr-usage-banner')) {
    expectThat(width(banner, 'Right') > width(banner, 'Left'), "the banner: its heavy edge is not on the right");
    const title = banner.querySelector('.pcr-usage-banner__title');
    const button = banner.querySelector('button');
    if (title && button) expectThat(box(button).right <= textBox(title).left + 1, 'the banner: its button is not on the left of its text');
    const icon = banner.querySelector('.pcr-callout__icon');
    if (title && icon) expectThat(box(icon).left >= textBox(title).right - 1, 'the banner: its icon is not on the right of its title');
  }
  for (const icon of root.querySelectorAll('.pcr-icon:is([data-icon="arrow"], [data-icon="chevron"])')) {
    if (!icon.checkVisibility()) continue;
    // Pointing to the end of the line, left: the box shows the strip's right-hand drawing (the strip runs
    // from the line's start, the right, and sticks out to the left). An open chevron turns each drawing down.
    expectThat(showsDrawing(icon) === 'rtl', 'an arrow or chevron does not point left');
  }
  for (const actions of root.querySelectorAll('.pcr-prompt-card__actions')) {
    const button = actions.querySelector('.pcr-copy__button');
    if (button) expectThat(Math.abs(box(button).left - box(actions).left) <= 1, 'the copy button is not at the left end of its row');
  }
  for (const card of root.querySelectorAll('.pcr-prompt-card[data-missing="alert"]')) {
    expectThat(width(card, 'Right') > width(card, 'Left'), "the card's alert bar is not on its right edge");
  }
  for (const value of root.querySelectorAll('.pcr-diff__change dd')) {
    const removed = value.querySelector(':scope > del');
    const added = value.querySelector(':scope > ins');
    const arrow = value.querySelector('.pcr-diff__arrow');
    if (removed && added) expectThat(box(removed).left > box(added).right - 1, 'a changed value: the old one is not on the right of the new one');
    if (removed && added && arrow) expectThat(box(arrow).left >= box(added).right - 1 && box(arrow).right <= box(removed).left + 1, 'a changed value: its arrow is not between the two');
  }
  for (const line of root.querySelectorAll('.pcr-line:not([data-empty])')) {
    const sign = line.querySelector('.pcr-line__sign');
    const text = line.querySelector('.pcr-line__text');
    if (sign && text && line.checkVisibility()) expectThat(box(sign).left >= box(text).right - 1, 'a diff line: its gutter is not on the right');
  }
  for (const row of root.querySelectorAll('.pcr-lines__row')) {
    const before = row.querySelector('.pcr-line[data-side="before"]');
    const after = row.querySelector('.pcr-line[data-side="after"]');
    // Side by side (the split layout where there is room): the older version on the right.
    if (before?.checkVisibility() && after?.checkVisibility() && Math.abs(box(before).top - box(after).top) < 1) {
      expectThat(box(before).left >= box(after).right - 1, 'a split diff: the older side is not on the right');
    }
  }
  for (const segment of root.querySelectorAll('.pcr-composer-diff__segment')) {
    expectThat(width(segment, 'Right') > width(segment, 'Left'), "a composer diff's segment: its coloured edge is not on the right");
  }
  return [...new Set(problems)];
}
