import { diffArrays } from 'diff';
import type { ComposerSegment, PromptSegment } from '../../../api/types.ts';

/** How a segment changed between two versions of a composer. */
export type SegmentChange = 'added' | 'removed' | 'changed' | 'same';

/** A segment of either version, or a pair of segments that stand for each other. */
export type AlignedSegment =
  | { change: 'added'; after: ComposerSegment }
  | { change: 'removed'; before: ComposerSegment }
  | { change: 'changed' | 'same'; before: ComposerSegment; after: ComposerSegment };

/** Two segments that stand for each other: the same prompt (any version), or static HTML of exactly the same content. */
function sameSegment(left: ComposerSegment, right: ComposerSegment): boolean {
  if (left.type === 'prompt') return right.type === 'prompt' && left.promptId === right.promptId;
  return right.type === 'static' && left.content === right.content;
}

function samePrompt(left: PromptSegment, right: PromptSegment): boolean {
  return (
    left.version === right.version &&
    left.promptName === right.promptName &&
    left.systemMessage === right.systemMessage &&
    left.userMessage === right.userMessage &&
    left.config.model === right.config.model &&
    left.config.temperature === right.config.temperature
  );
}

function pair(before: ComposerSegment, after: ComposerSegment): AlignedSegment {
  const same = before.type === 'prompt' && after.type === 'prompt' ? samePrompt(before, after) : true;
  return { change: same ? 'same' : 'changed', before, after };
}

/**
 * A run of removed and added segments between two kept ones: static segments removed and added in the
 * same place pair up in order as changed (their content differs); the others stay removed and added.
 * Both versions' order is kept: a pair comes after the added segments before it and the removed ones
 * before it.
 */
function alignRun(removed: readonly ComposerSegment[], added: readonly ComposerSegment[]): AlignedSegment[] {
  const removedStatic = removed.filter((segment) => segment.type === 'static');
  const addedStatic = added.filter((segment) => segment.type === 'static');
  const partners = new Map<ComposerSegment, ComposerSegment>(removedStatic.slice(0, addedStatic.length).map((segment, index) => [segment, addedStatic[index] as ComposerSegment]));
  const aligned: AlignedSegment[] = [];
  let next = 0;
  /** The added segments up to `stop` (all of them without one); paired ones before it were taken already. */
  const addUntil = (stop?: ComposerSegment) => {
    for (; next < added.length && added[next] !== stop; next++) aligned.push({ change: 'added', after: added[next] as ComposerSegment });
  };
  for (const before of removed) {
    const after = partners.get(before);
    if (!after) {
      aligned.push({ change: 'removed', before });
      continue;
    }
    addUntil(after);
    next++;
    aligned.push({ change: 'changed', before, after });
  }
  addUntil();
  return aligned;
}

/**
 * Aligns the segments of two versions of a composer: the longest common run of segments that stand for
 * each other (jsdiff's `diffArrays`: a prompt segment by its prompt id, a static segment by its exact
 * content) is kept in place, a kept prompt segment is `same` or `changed` (another version or content);
 * between kept segments, static HTML removed and added at the same place counts as changed, everything
 * else as removed or added.
 */
export function alignSegments(before: readonly ComposerSegment[], after: readonly ComposerSegment[]): AlignedSegment[] {
  const aligned: AlignedSegment[] = [];
  let removed: ComposerSegment[] = [];
  let added: ComposerSegment[] = [];
  let beforeIndex = 0;
  let afterIndex = 0;
  for (const change of diffArrays([...before], [...after], { comparator: sameSegment })) {
    const count = change.value.length;
    if (change.removed) {
      removed.push(...before.slice(beforeIndex, (beforeIndex += count)));
    } else if (change.added) {
      added.push(...after.slice(afterIndex, (afterIndex += count)));
    } else {
      aligned.push(...alignRun(removed, added));
      removed = [];
      added = [];
      for (let offset = 0; offset < count; offset++) aligned.push(pair(before[beforeIndex + offset] as ComposerSegment, after[afterIndex + offset] as ComposerSegment));
      beforeIndex += count;
      afterIndex += count;
    }
  }
  aligned.push(...alignRun(removed, added));
  return aligned;
}
