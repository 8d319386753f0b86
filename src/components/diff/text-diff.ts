import { diffWords } from 'diff';

/** What a piece of a text diff is: kept, added by the newer version, or removed from the older one. */
export type DiffPartType = 'same' | 'added' | 'removed';

/**
 * A piece of a text diff. Joining the `same` and `added` values gives the newer text; `same` and
 * `removed`, the older one up to whitespace (kept runs carry the newer text's spacing).
 */
export interface DiffPart {
  type: DiffPartType;
  value: string;
}

/**
 * Past this many words added and removed, the texts count as replaced as a whole: the diff's cost grows
 * with the number of edits (Myers), and a whole new text reads better than thousands of small changes.
 */
const MAX_EDIT_LENGTH = 1_000;

/**
 * A word diff of two texts (jsdiff's `diffWords`): runs of words kept, added and removed, with the
 * whitespace between words attached to them. Punctuation is a word of its own, so `${tier}` becoming
 * `${plan}` shows as the name changing inside the braces. Differences in whitespace alone count as kept.
 * Texts that differ in more than 1,000 words (added plus removed) are one removal and one addition.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  if (before === after) return before ? [{ type: 'same', value: before }] : [];
  const changes = diffWords(before, after, { maxEditLength: MAX_EDIT_LENGTH });
  if (!changes) {
    const whole: DiffPart[] = [
      { type: 'removed', value: before },
      { type: 'added', value: after },
    ];
    return whole.filter((part) => part.value !== '');
  }
  return changes.map((change) => ({
    type: change.added ? 'added' : change.removed ? 'removed' : 'same',
    value: change.value,
  }));
}

/** Whether a diff holds any addition or removal (a whitespace-only change holds none). */
export function hasChanges(parts: readonly DiffPart[]): boolean {
  return parts.some((part) => part.type !== 'same');
}
