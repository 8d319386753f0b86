import type { Composer, ErrorBody, Prompt, PublishedVersion } from './types.ts';

/**
 * Thrown by the `parse*` functions when a value does not have the contract's shape.
 * `path` is the JSON path of the first wrong value, such as `$[3].config.temperature`.
 */
export class ShapeError extends Error {
  override name = 'ShapeError';
  constructor(
    /** JSON path of the wrong value. */
    readonly path: string,
    /** What was expected there, such as `a string`. */
    readonly expected: string,
    /** What was found, such as `undefined` or `a number`. */
    readonly received: string,
  ) {
    super(`${path}: expected ${expected}, received ${received}`);
  }
}

/** Checks one value at a JSON path; throws a `ShapeError` when it is wrong. */
type Check = (value: unknown, path: string) => void;

type Json = Record<string, unknown>;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return Number.isFinite(value) ? 'a number' : String(value);
  return typeof value;
}

function fail(path: string, expected: string, received: string): never {
  throw new ShapeError(path, expected, received);
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A rule: `value` passes `test`, or the check fails expecting `expected`. */
const rule =
  (test: (value: unknown) => boolean, expected: string): Check =>
  (value, path) => {
    if (!test(value)) fail(path, expected, describe(value));
  };

const string = rule((value) => typeof value === 'string', 'a string');
const finite = rule((value) => typeof value === 'number' && Number.isFinite(value), 'a finite number');
const stringOrNull = rule((value) => value === null || typeof value === 'string', 'a string or null');
const temperature: Check = (value, path) => {
  finite(value, path);
  if ((value as number) < 0 || (value as number) > 2) fail(path, 'a number from 0 to 2', String(value));
};

const optional =
  (check: Check): Check =>
  (value, path) => {
    if (value !== undefined) check(value, path);
  };

const arrayOf =
  (check: Check): Check =>
  (value, path) => {
    if (!Array.isArray(value)) fail(path, 'an array', describe(value));
    value.forEach((item, index) => check(item, `${path}[${index}]`));
  };

/** An object with these fields; fields it does not name are kept unchecked. */
const shape =
  (fields: Record<string, Check>): Check =>
  (value, path) => {
    if (!isObject(value)) fail(path, 'an object', describe(value));
    for (const [key, check] of Object.entries(fields)) check(value[key], `${path}.${key}`);
  };

const promptText = { promptId: string, promptName: string, version: string, systemMessage: string, userMessage: string };
// `inputData` is unknown by contract (absence is tolerated); the schema's fields are objects of unknown shape.
const inputConfig = { schema: arrayOf(shape({})), inputDataRootName: stringOrNull };

const publishedVersion = shape({ version: string, userMessage: optional(string) });

const prompt = shape({
  ...promptText,
  config: shape({ model: string, temperature, ...inputConfig }),
  publishedVersions: optional(arrayOf(publishedVersion)),
});

const segmentShapes: Record<string, Check> = {
  static: shape({ content: string }),
  prompt: shape({ ...promptText, config: shape({ model: string, temperature }) }),
};

const segment: Check = (value, path) => {
  const type = isObject(value) ? value.type : fail(path, 'an object', describe(value));
  const check = typeof type === 'string' ? segmentShapes[type] : undefined;
  if (!check) fail(`${path}.type`, '"static" or "prompt"', JSON.stringify(type) ?? 'undefined');
  check(value, path);
};

const composer = shape({
  composerId: string,
  composerName: string,
  version: string,
  config: shape(inputConfig),
  segments: arrayOf(segment),
  publishedVersions: optional(arrayOf(shape({ version: string }))),
});

const errorBody = shape({
  error: string,
  code: string,
  usage: optional(shape({ used: finite, limit: finite })),
  upgradeUrl: optional(string),
});

/** Makes a parser that checks a value and returns it unchanged (extra fields kept). */
const parser =
  <T>(check: Check) =>
  (value: unknown, path = '$'): T => {
    check(value, path);
    return value as T;
  };

/**
 * Checks that `value` is a Prompt; returns it unchanged (extra fields kept) or throws a `ShapeError`.
 * The second argument is the JSON path used in errors. @default '$'
 */
export const parsePrompt = parser<Prompt>(prompt);

/** Checks that `value` is a Composer with valid segments of both kinds, or throws a `ShapeError`. */
export const parseComposer = parser<Composer>(composer);

/** Checks that `value` is an array of Prompts. */
export const parsePromptList = parser<Prompt[]>(arrayOf(prompt));

/** Checks that `value` is an array of Composers. */
export const parseComposerList = parser<Composer[]>(arrayOf(composer));

/** Checks that `value` is a PublishedVersion. */
export const parsePublishedVersion = parser<PublishedVersion>(publishedVersion);

/**
 * Checks that `value` is an error body: `error` and `code` strings; `usage` with numeric `used` and
 * `limit`, and `upgradeUrl`, when present.
 */
export const parseErrorBody = parser<ErrorBody>(errorBody);
