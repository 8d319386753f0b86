/** The interactions running on this page, chained: each starts once the one before it has ended. */
let running: Promise<unknown> = Promise.resolve();

/**
 * Runs a play function's interactions once no other story's are running. A docs page plays several stories
 * at the same time (`parameters.docs.story.autoplay`), and focus is one per page: a click in one story
 * would take the focus another story's keyboard input is about to use. Alone on its own page, a story
 * never waits.
 *
 * @example
 * play: (context) => oneAtATime(async () => { await userEvent.click(button); ... })
 */
export function oneAtATime<T>(interact: () => Promise<T>): Promise<T> {
  const turn = running.then(interact);
  running = turn.catch(() => undefined);
  return turn;
}
