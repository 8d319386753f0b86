/** Whether `focus()` on a docs page already keeps the page still. */
let installed = false;

/**
 * Keeps a docs page where the reader is while its stories play. A docs page plays the stories whose `play`
 * function changes what they show (`parameters.docs.story.autoplay`); typing, clicking or focusing there
 * moves the focus into the story, and the browser scrolls the page to the focused element: a page opened
 * thousands of pixels down, past its introduction and props table. From now on, focus that code moves to
 * an element of a docs page (a play function's, or the component's own, such as the banner's after Dismiss)
 * does not scroll (`preventScroll`); elsewhere `focus()` is left as it is. Focus the reader moves (Tab, a
 * click) is the browser's own and scrolls as always.
 */
export function keepDocsPageStill(): void {
  if (installed) return;
  installed = true;
  const focus = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function focusWithoutScrollingTheDocsPage(this: HTMLElement, options?: FocusOptions) {
    focus.call(this, this.closest('#storybook-docs') ? { ...options, preventScroll: true } : options);
  };
}
