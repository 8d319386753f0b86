// `prompt-composer-react typegen`: two list requests through the library's own client, one declaration
// file. Writes it, or with `check` compares it with the file on disk and prints a diff.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import { createPromptApiClient } from '../api/client.ts';
import { isPromptApiError, type PromptApiError } from '../api/errors.ts';
import type { UsageSnapshot } from '../api/usage-store.ts';
import { registrySource } from './registry-source.ts';

/** Where the CLI prints: normal output, and problems. */
export interface Output {
  log(text: string): void;
  error(text: string): void;
}

/** What `typegen` needs, already validated. */
export interface TypegenOptions {
  baseUrl: string;
  /** The file to write or check, relative to the working directory. */
  out: string;
  check: boolean;
  apiKey: string;
  /** The environment variable the key came from: errors name it, never the key. */
  keyEnv: string;
}

/** Exit codes: written or up to date, out of date (`--check`), and could not run. */
export const EXIT = { ok: 0, outOfDate: 1, failed: 2 } as const;

const count = new Intl.NumberFormat('en-US');

/** The quota line, from the client's usage store. */
function quotaLine(usage: UsageSnapshot | null): string {
  if (!usage) return 'Quota: the service sent no rate-limit headers.';
  const reset = usage.reset ? ` (resets ${usage.reset.toISOString()})` : '';
  return `Quota: ${count.format(usage.remaining)} of ${count.format(usage.limit)} requests left this month${reset}.`;
}

/** What went wrong reading the API, in words, with what to do next. Never quotes the key. */
function describeFailure(error: PromptApiError, options: TypegenOptions): string {
  switch (error.code) {
    case 'UNAUTHORIZED':
    case 'INVALID_KEY':
      return `The API refused the key in ${options.keyEnv}: ${error.message}.\nCheck that ${options.keyEnv} holds a valid, unrevoked key.`;
    case 'USAGE_LIMIT_EXCEEDED': {
      const used = error.usage ? ` (${count.format(error.usage.used)} of ${count.format(error.usage.limit)} used)` : '';
      const upgrade = error.upgradeUrl ? `\nUpgrade the plan: ${error.upgradeUrl}` : '';
      return `The monthly quota is used up${used}: ${error.message}.${upgrade}`;
    }
    case 'NETWORK_ERROR':
    case 'TIMEOUT':
      return `Could not reach ${options.baseUrl}: ${error.message}.\nIs --base-url right, and the service up?`;
    default:
      return `Could not read the API at ${options.baseUrl}: ${error.message}.`;
  }
}

/** The file's text, or `null` when there is none. */
async function readIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Writes through a temporary file in the same folder, so a reader never sees half a file. */
async function writeAtomically(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}

/** Runs `typegen`; resolves with the exit code. */
export async function typegen(options: TypegenOptions, output: Output): Promise<number> {
  const client = createPromptApiClient({ baseUrl: options.baseUrl, apiKey: options.apiKey });
  let source: string;
  try {
    // One after the other: when the first is refused, the second is not spent.
    const prompts = await client.listPrompts({ includeVersions: true });
    const composers = await client.listComposers({ includeVersions: true });
    source = registrySource(prompts, composers);
    output.log(`Read ${prompts.length} prompts and ${composers.length} composers from ${options.baseUrl} (2 requests).`);
  } catch (error) {
    if (!isPromptApiError(error)) throw error;
    const usage = client.usage.getSnapshot();
    output.error(`${describeFailure(error, options)}\nNothing written.${usage ? `\n${quotaLine(usage)}` : ''}`);
    return EXIT.failed;
  }
  output.log(quotaLine(client.usage.getSnapshot()));

  try {
    return await compareOrWrite(options, source, output);
  } catch (error) {
    output.error(`Could not ${options.check ? 'read' : 'write'} ${options.out}: ${(error as Error).message}`);
    return EXIT.failed;
  }
}

/** `--check`: compares with the file on disk; otherwise writes the file when it changed. */
async function compareOrWrite(options: TypegenOptions, source: string, output: Output): Promise<number> {
  // A checkout with CRLF line ends (git's autocrlf) holds the same file.
  const current = (await readIfExists(options.out))?.replace(/\r\n/g, '\n') ?? null;
  if (options.check) {
    if (current === source) {
      output.log(`${options.out} is up to date.`);
      return EXIT.ok;
    }
    const patch = createTwoFilesPatch(options.out, options.out, current ?? '', source, current === null ? '(missing)' : 'on disk', 'from the API', {
      headerOptions: FILE_HEADERS_ONLY,
    });
    output.log(patch);
    output.error(
      `${options.out} is out of date${current === null ? ' (it does not exist)' : ''}: the prompts or composers changed since it was generated.\n` +
        'Run the same command without --check to update it.',
    );
    return EXIT.outOfDate;
  }
  if (current === source) {
    output.log(`${options.out} is already up to date; not rewritten.`);
    return EXIT.ok;
  }
  await writeAtomically(options.out, source);
  output.log(`Wrote ${options.out}.`);
  return EXIT.ok;
}
