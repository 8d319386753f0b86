import type {
  Composer,
  ComposerSegment,
  ErrorBody,
  Prompt,
  PromptSegment,
  PublishedVersion,
  SchemaField,
} from './types.ts';

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

type Json = Record<string, unknown>;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return Number.isFinite(value) ? 'a number' : String(value);
  return typeof value;
}

function object(value: unknown, path: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ShapeError(path, 'an object', describe(value));
  }
  return value as Json;
}

function array(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new ShapeError(path, 'an array', describe(value));
  return value;
}

function string(parent: Json, key: string, path: string): void {
  if (typeof parent[key] !== 'string') throw new ShapeError(`${path}.${key}`, 'a string', describe(parent[key]));
}

function finiteNumber(parent: Json, key: string, path: string): void {
  const value = parent[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new ShapeError(`${path}.${key}`, 'a finite number', describe(value));
  }
}

function temperature(parent: Json, path: string): void {
  finiteNumber(parent, 'temperature', path);
  const value = parent.temperature as number;
  if (value < 0 || value > 2) throw new ShapeError(`${path}.temperature`, 'a number from 0 to 2', String(value));
}

function stringOrNull(parent: Json, key: string, path: string): void {
  const value = parent[key];
  if (value !== null && typeof value !== 'string') {
    throw new ShapeError(`${path}.${key}`, 'a string or null', describe(value));
  }
}

function schemaFields(value: unknown, path: string): SchemaField[] {
  const fields = array(value, path);
  fields.forEach((field, index) => object(field, `${path}[${index}]`));
  return fields as SchemaField[];
}

function inputConfig(config: Json, path: string): void {
  schemaFields(config.schema, `${path}.schema`);
  // `inputData` is unknown by contract; absence is tolerated as `undefined`.
  stringOrNull(config, 'inputDataRootName', path);
}

function publishedVersions(parent: Json, path: string, withUserMessage: boolean): void {
  if (parent.publishedVersions === undefined) return;
  const entries = array(parent.publishedVersions, `${path}.publishedVersions`);
  entries.forEach((entry, index) => {
    const entryPath = `${path}.publishedVersions[${index}]`;
    const record = object(entry, entryPath);
    string(record, 'version', entryPath);
    if (withUserMessage && record.userMessage !== undefined) string(record, 'userMessage', entryPath);
  });
}

/**
 * Checks that `value` is a Prompt; returns it unchanged (extra fields kept) or throws a `ShapeError`.
 * @param path JSON path used in the error. @default '$'
 */
export function parsePrompt(value: unknown, path = '$'): Prompt {
  const prompt = object(value, path);
  for (const key of ['promptId', 'promptName', 'version', 'systemMessage', 'userMessage']) string(prompt, key, path);
  const config = object(prompt.config, `${path}.config`);
  string(config, 'model', `${path}.config`);
  temperature(config, `${path}.config`);
  inputConfig(config, `${path}.config`);
  publishedVersions(prompt, path, true);
  return prompt as unknown as Prompt;
}

function parseSegment(value: unknown, path: string): ComposerSegment {
  const segment = object(value, path);
  if (segment.type === 'static') {
    string(segment, 'content', path);
    return segment as unknown as ComposerSegment;
  }
  if (segment.type === 'prompt') {
    for (const key of ['promptId', 'promptName', 'version', 'systemMessage', 'userMessage']) string(segment, key, path);
    const config = object(segment.config, `${path}.config`);
    string(config, 'model', `${path}.config`);
    temperature(config, `${path}.config`);
    return segment as unknown as PromptSegment;
  }
  throw new ShapeError(`${path}.type`, '"static" or "prompt"', JSON.stringify(segment.type) ?? 'undefined');
}

/**
 * Checks that `value` is a Composer with valid segments of both kinds; returns it unchanged or throws a
 * `ShapeError`.
 * @param path JSON path used in the error. @default '$'
 */
export function parseComposer(value: unknown, path = '$'): Composer {
  const composer = object(value, path);
  for (const key of ['composerId', 'composerName', 'version']) string(composer, key, path);
  inputConfig(object(composer.config, `${path}.config`), `${path}.config`);
  array(composer.segments, `${path}.segments`).forEach((segment, index) =>
    parseSegment(segment, `${path}.segments[${index}]`),
  );
  publishedVersions(composer, path, false);
  return composer as unknown as Composer;
}

/** Checks that `value` is an array of Prompts. */
export function parsePromptList(value: unknown, path = '$'): Prompt[] {
  return array(value, path).map((item, index) => parsePrompt(item, `${path}[${index}]`));
}

/** Checks that `value` is an array of Composers. */
export function parseComposerList(value: unknown, path = '$'): Composer[] {
  return array(value, path).map((item, index) => parseComposer(item, `${path}[${index}]`));
}

/** Checks that `value` is a PublishedVersion. */
export function parsePublishedVersion(value: unknown, path = '$'): PublishedVersion {
  const record = object(value, path);
  string(record, 'version', path);
  if (record.userMessage !== undefined) string(record, 'userMessage', path);
  return record as unknown as PublishedVersion;
}

/**
 * Checks that `value` is an error body (`error` and `code` strings; `usage` with numeric `used` and
 * `limit`, and `upgradeUrl`, when present).
 */
export function parseErrorBody(value: unknown, path = '$'): ErrorBody {
  const body = object(value, path);
  string(body, 'error', path);
  string(body, 'code', path);
  if (body.usage !== undefined) {
    const usage = object(body.usage, `${path}.usage`);
    finiteNumber(usage, 'used', `${path}.usage`);
    finiteNumber(usage, 'limit', `${path}.usage`);
  }
  if (body.upgradeUrl !== undefined) string(body, 'upgradeUrl', path);
  return body as unknown as ErrorBody;
}
