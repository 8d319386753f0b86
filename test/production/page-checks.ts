/**
 * Checks that run inside a page of a production build (bundled for the page by esbuild): what has a side is
 * mirrored right to left (test/storybook/mirroring.ts), turning icons point right left to right, and nothing
 * of the components inherits the app's text alignment, letter spacing, font or colour.
 */
import { mirroringProblems, unmirroredProblems } from '../storybook/mirroring.ts';

export { mirroringProblems, unmirroredProblems };

/** Text of the service and the components' words: where an inherited `text-align: center` shows. */
const ALIGNED = [
  '[data-message]',
  '.pcr-static',
  '.pcr-line__text',
  '.pcr-variables-form__label',
  '.pcr-variables-form__legend',
  '.pcr-prompt-card__meta dt',
  '.pcr-prompt-card__missing',
  '.pcr-usage-banner__title',
  '.pcr-usage-banner__detail',
  '.pcr-api-error__title',
  '.pcr-api-error__detail',
  '.pcr-diff__summary',
  '.pcr-composer__name',
];

/** Each component's root. */
const ROOTS = ['.pcr-composer', '.pcr-prompt-card', '.pcr-preview', '.pcr-diff', '.pcr-usage-banner', '.pcr-api-error'];

/** What a custom property of the theme resolves to, as a computed value of `property`. */
function resolved(property: 'color' | 'fontFamily', variable: string): string {
  const probe = document.body.appendChild(document.createElement('span'));
  probe.style.setProperty(property === 'color' ? 'color' : 'font-family', `var(${variable})`);
  const value = getComputedStyle(probe)[property];
  probe.remove();
  return value;
}

/** What the components take from the app around them (Vite's template: a centred `#root`, its own font and colour). */
export function inheritedProblems(root: Element): string[] {
  const problems: string[] = [];
  const present = new Set<string>();
  for (const selector of ALIGNED) {
    for (const element of root.querySelectorAll(selector)) {
      present.add(selector);
      const align = getComputedStyle(element).textAlign;
      if (align !== 'start') problems.push(`${selector}: text-align ${align}`);
    }
  }
  for (const selector of ALIGNED) if (!present.has(selector)) problems.push(`${selector}: not on the page`);
  const font = resolved('fontFamily', '--pcr-font');
  const color = resolved('color', '--pcr-fg');
  for (const selector of ROOTS) {
    for (const element of root.querySelectorAll(selector)) {
      const style = getComputedStyle(element);
      if (style.letterSpacing !== 'normal') problems.push(`${selector}: letter-spacing ${style.letterSpacing}`);
      if (style.fontFamily !== font) problems.push(`${selector}: font ${style.fontFamily}`);
      if (!/usage-banner|api-error/.test(selector) && style.color !== color) problems.push(`${selector}: colour ${style.color}`);
    }
  }
  // The app's `code` rule (an inline box with padding and a background) stays out of the diffs' code.
  const codes = root.querySelectorAll('.pcr-diff code');
  if (codes.length === 0) problems.push('.pcr-diff code: not on the page');
  for (const code of codes) {
    const style = getComputedStyle(code);
    if (/flex/.test(style.display) || style.paddingTop !== '0px' || style.backgroundColor !== 'rgba(0, 0, 0, 0)') problems.push(`.pcr-diff code: ${style.display}, padding ${style.paddingTop}, background ${style.backgroundColor}`);
  }
  return [...new Set(problems)];
}
