// `prompt-composer-react typegen` end to end: the bin in its own Node process (through tsx, as the
// sources are TypeScript; test:example runs the built one from the tarball), against the loopback mock server.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { http, HttpResponse } from 'msw';
import { createMockDb, FIXTURE_KEYS, FIXTURE_PROMPTS, type MockDb } from 'prompt-composer-react/mocks';
import { type MockServer, startMockServer } from 'prompt-composer-react/mocks/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** What typegen writes for the default fixtures: the example app's registry, which the registry type tests use too. */
const committedRegistry = join(root, 'examples/vite-app/src/prompt-api.gen.d.ts');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the bin with `args` and exactly the environment variables given (plus PATH and NODE_OPTIONS). */
function typegen(args: string[], env: Record<string, string> = { PROMPT_API_KEY: FIXTURE_KEYS.free }): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', ...args], {
    cwd: root,
    // NODE_OPTIONS passes through: a compat run may preload hooks into the processes its tests spawn.
    env: { PATH: process.env.PATH ?? '', ...(process.env.NODE_OPTIONS ? { NODE_OPTIONS: process.env.NODE_OPTIONS } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/**
 * Type-checks `files` (a generated registry and code that uses it) as a program of their own inside the
 * repository, so it resolves the package's types and @types/node; resolves with tsc's output ('' when clean).
 */
async function typeCheck(files: Record<string, string>): Promise<string> {
  const program = join(root, 'node_modules/.cache/typegen-test', `${process.pid}-${Math.random().toString(36).slice(2)}`);
  await mkdir(program, { recursive: true });
  try {
    for (const [name, text] of Object.entries(files)) await writeFile(join(program, name), text);
    await writeFile(
      join(program, 'tsconfig.json'),
      JSON.stringify({ extends: join(root, 'tsconfig.json'), files: Object.keys(files), include: [], exclude: [] }),
    );
    const tsc = spawn(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', program], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    tsc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => tsc.on('close', resolve));
    return code === 0 ? output : output || `tsc exited with ${String(code)}`;
  } finally {
    await rm(program, { recursive: true, force: true });
  }
}

let db: MockDb;
let server: MockServer;
let folder: string;
let out: string;
/** Every request the server received, as `METHOD /path?query`. */
let seen: string[];

beforeEach(async () => {
  db = createMockDb({ now: '2026-11-15T12:00:00Z' });
  seen = [];
  const record = http.all('*', ({ request }) => {
    const url = new URL(request.url);
    seen.push(`${request.method} ${url.pathname}${url.search}`);
  });
  server = await startMockServer({ port: 0, db, handlers: [record] });
  folder = await mkdtemp(join(tmpdir(), 'typegen-'));
  out = join(folder, 'src', 'prompt-api.gen.d.ts');
});

afterEach(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

describe('prompt-composer-react typegen', () => {
  describe('given the default fixtures', () => {
    it('writes the registry with two requests, prints the quota left, and --check is clean right after', async () => {
      const written = await typegen(['typegen', '--base-url', server.url, '--out', out]);
      expect(written.stderr).toBe('');
      expect(written.code).toBe(0);
      expect(seen).toEqual(['GET /prompts?include_versions=true', 'GET /composers?include_versions=true']);
      expect(written.stdout).toContain('Read 7 prompts and 3 composers');
      expect(written.stdout).toContain('Quota: 4,998 of 5,000 requests left this month (resets 2026-12-01T00:00:00.000Z).');
      expect(written.stdout).toContain(`Wrote ${out}.`);
      // The fixtures are the example registry: the type tests compile against this very text.
      const text = await readFile(out, 'utf8');
      expect(text).toBe(await readFile(committedRegistry, 'utf8'));

      const checked = await typegen(['typegen', '--base-url', server.url, '--out', out, '--check']);
      expect(checked.code).toBe(0);
      expect(checked.stdout).toContain(`${out} is up to date.`);
      expect(checked.stdout).toContain('Quota: 4,996 of 5,000');
      expect(await readFile(out, 'utf8')).toBe(text);
    }, 60_000);

    it('--check is clean on a checkout with CRLF line ends; a folder in the way of --out exits 2', async () => {
      await typegen(['typegen', '--base-url', server.url, '--out', out]);
      await writeFile(out, (await readFile(out, 'utf8')).replace(/\n/g, '\r\n'));
      expect((await typegen(['typegen', '--base-url', server.url, '--out', out, '--check'])).code).toBe(0);
      const blocked = await typegen(['typegen', '--base-url', server.url, '--out', folder]);
      expect(blocked.code).toBe(2);
      expect(blocked.stderr).toContain(`Could not write ${folder}:`);
    }, 60_000);

    it('the output is a formatted, sorted declaration file that augments the package, with a header and no date', async () => {
      await typegen(['typegen', '--base-url', server.url, '--out', out]);
      const text = await readFile(out, 'utf8');
      expect(text.split('\n')[1]).toMatch(/^\/\/ Generated by `prompt-composer-react typegen`/);
      expect(text).toContain("import type { VariableValue } from 'prompt-composer-react';\n\ndeclare module 'prompt-composer-react' {\n  interface Register {\n");
      expect(text).not.toMatch(/20\d\d-\d\d|127\.0\.0\.1|pk_test/);
      const ids = [...text.matchAll(/^ {6}'?([\w-]+)'?: \{$/gm)].map((match) => match[1]);
      expect(ids).toEqual([
        'account-review',
        'meeting-summary',
        'product-description',
        'release-notes',
        'support-reply',
        'ticket-triage',
        'welcome-email',
        'html-showcase',
        'onboarding-flow',
        'renewal-check',
      ]);
      expect(text).toContain(
        [
          "          '1.0.0': {",
          '            variables: {',
          '              name: VariableValue;',
          '              senderName?: VariableValue;',
          '            };',
          '          };',
        ].join('\n'),
      );
      expect(text).toContain("          '1.0.0': {\n            variables: unknown;\n          };");
      expect(text.endsWith('  }\n}\n')).toBe(true);
    }, 60_000);
  });

  describe('when a prompt changes after generation', () => {
    it('--check exits 1 with a readable diff and writes nothing; a run without --check updates the file', async () => {
      await typegen(['typegen', '--base-url', server.url, '--out', out]);
      const before = await readFile(out, 'utf8');
      const latest = FIXTURE_PROMPTS.filter((prompt) => prompt.promptId === 'welcome-email').at(-1);
      if (!latest) throw new Error('fixture welcome-email is missing');
      db.addPrompt({ ...latest, version: '2.1.0', userMessage: `${latest.userMessage} Keep a \${tone} tone.` });

      const checked = await typegen(['typegen', '--base-url', server.url, '--out', out, '--check']);
      expect(checked.code).toBe(1);
      expect(checked.stdout).toContain(`--- ${out}\ton disk\n+++ ${out}\tfrom the API\n@@`);
      expect(checked.stdout).toContain("-        latest: '2.0.0';\n+        latest: '2.1.0';");
      expect(checked.stdout).toContain("+          '2.1.0': {");
      expect(checked.stdout).toContain('+              tone: VariableValue;');
      expect(checked.stderr).toContain(`${out} is out of date: the prompts or composers changed since it was generated.`);
      expect(await readFile(out, 'utf8')).toBe(before);

      expect((await typegen(['typegen', '--base-url', server.url, '--out', out])).code).toBe(0);
      expect(await readFile(out, 'utf8')).toContain("latest: '2.1.0';");
      expect((await typegen(['typegen', '--base-url', server.url, '--out', out, '--check'])).code).toBe(0);
    }, 90_000);

    it('--check exits 1 when the file does not exist yet, and creates nothing', async () => {
      const checked = await typegen(['typegen', '--base-url', server.url, '--out', out, '--check']);
      expect(checked.code).toBe(1);
      expect(checked.stderr).toContain('(it does not exist)');
      expect(checked.stdout).toContain("+declare module 'prompt-composer-react' {");
      expect(await exists(out)).toBe(false);
    }, 60_000);
  });

  describe('when the API cannot be read: exit 2, a clear message, nothing written', () => {
    it('a revoked key', async () => {
      const run = await typegen(['typegen', '--base-url', server.url, '--out', out], { PROMPT_API_KEY: FIXTURE_KEYS.revoked });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('The API refused the key in PROMPT_API_KEY');
      expect(run.stderr).toContain('401 INVALID_KEY');
      expect(run.stderr).toContain('Nothing written.');
      expect(run.stdout + run.stderr).not.toContain(FIXTURE_KEYS.revoked);
      expect(seen).toEqual(['GET /prompts?include_versions=true']);
      expect(await exists(out)).toBe(false);
    }, 60_000);

    it('a quota used up (429), with the upgrade link; --check does not report "out of date"', async () => {
      const run = await typegen(['typegen', '--base-url', server.url, '--out', out, '--check'], { PROMPT_API_KEY: FIXTURE_KEYS.exhausted });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('The monthly quota is used up (5,000 of 5,000 used)');
      expect(run.stderr).toContain('429 USAGE_LIMIT_EXCEEDED');
      expect(run.stderr).toContain('Upgrade the plan: https://prompt-composer.test/upgrade');
      expect(run.stderr).toContain('Quota: 0 of 5,000 requests left');
      expect(run.stderr).not.toContain('out of date');
      expect(await exists(out)).toBe(false);
    }, 60_000);

    it('an unreachable URL', async () => {
      const closed = await startMockServer({ port: 0 });
      await closed.close();
      const run = await typegen(['typegen', '--base-url', closed.url, '--out', out]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`Could not reach ${closed.url}`);
      expect(run.stderr).toContain('NETWORK_ERROR');
      expect(run.stderr).toContain('Is --base-url right, and the service up?');
      expect(await exists(out)).toBe(false);
    }, 60_000);

    it('an existing file stays as it was', async () => {
      await writeFile(join(folder, 'kept.d.ts'), 'kept\n');
      const run = await typegen(['typegen', '--base-url', server.url, '--out', join(folder, 'kept.d.ts')], { PROMPT_API_KEY: FIXTURE_KEYS.exhausted });
      expect(run.code).toBe(2);
      expect(await readFile(join(folder, 'kept.d.ts'), 'utf8')).toBe('kept\n');
    }, 60_000);
  });

  describe('the key comes from the environment only', () => {
    it('refuses --key and --api-key without echoing the value, and sends nothing', async () => {
      for (const flag of [`--key=${FIXTURE_KEYS.free}`, '--api-key']) {
        const run = await typegen(['typegen', '--base-url', server.url, flag, FIXTURE_KEYS.free]);
        expect(run.code).toBe(2);
        expect(run.stderr).toContain(`${flag.split('=')[0]} is refused: a key on the command line ends up in shell history and process lists.`);
        expect(run.stderr).toContain('Put the key in PROMPT_API_KEY');
        expect(run.stderr).not.toContain(FIXTURE_KEYS.free);
      }
      expect(seen).toEqual([]);
    }, 60_000);

    /** A key with characters that URL-encoding and JSON change, so every form of it is looked for. */
    const pastedKey = 'pk_live_Pa5ted+key/with"quotes=1';

    it.each([
      ['a 401 whose message quotes the key', (key: string) => HttpResponse.json({ error: `The key ${key} is invalid or has been revoked`, code: 'INVALID_KEY' }, { status: 401 })],
      ['a 500 whose message quotes the request', (key: string) => HttpResponse.json({ error: `Internal error at Authorization: Bearer ${JSON.stringify(key)}`, code: 'INTERNAL_ERROR' }, { status: 500 })],
      [
        'a 429 whose upgrade link carries the key',
        (key: string) =>
          HttpResponse.json(
            { error: 'Usage limit exceeded', code: 'USAGE_LIMIT_EXCEEDED', usage: { used: 5, limit: 5 }, upgradeUrl: `https://up.test/?key=${encodeURIComponent(key)}` },
            { status: 429 },
          ),
      ],
    ])('never prints the key, even when the service quotes it (%s)', async (_, answer) => {
      await server.close();
      // A service that echoes the key it was sent, as some error pages do.
      const echo = http.get('*/prompts', ({ request }) => answer((request.headers.get('authorization') ?? '').replace(/^Bearer /, '')));
      server = await startMockServer({ port: 0, handlers: [echo] });
      const run = await typegen(['typegen', '--base-url', server.url, '--out', out], { PROMPT_API_KEY: pastedKey });
      expect(run.code).toBe(2);
      // The client takes the key out of the decoded answer ("(API key)"); the CLI's own redaction is the
      // second line, for anything the client did not see.
      expect(run.stderr).toMatch(/\(API key\)|\[redacted\]/);
      for (const form of [pastedKey, encodeURIComponent(pastedKey), JSON.stringify(pastedKey).slice(1, -1), 'Pa5ted']) {
        expect(run.stdout + run.stderr).not.toContain(form);
      }
    }, 60_000);

    it('never echoes an argument that may be a key pasted on the command line', async () => {
      const runs = [
        await typegen(['typegen', '--base-url', server.url, pastedKey], { PROMPT_API_KEY: FIXTURE_KEYS.free }),
        await typegen([pastedKey, '--base-url', server.url], { PROMPT_API_KEY: FIXTURE_KEYS.free }),
        await typegen(['typegen', '--base-url', pastedKey], { PROMPT_API_KEY: FIXTURE_KEYS.free }),
        await typegen(['typegen', '--base-url', server.url, '--key-env', pastedKey], { PROMPT_API_KEY: FIXTURE_KEYS.free }),
      ];
      for (const run of runs) {
        expect(run.code).toBe(2);
        expect(run.stderr).toContain('Usage: prompt-composer-react typegen');
        expect(run.stdout + run.stderr).not.toContain('Pa5ted');
      }
      expect(seen).toEqual([]);
    }, 60_000);

    it('reads the variable --key-env names, and says which one is missing', async () => {
      const missing = await typegen(['typegen', '--base-url', server.url, '--out', out], {});
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('PROMPT_API_KEY is not set');
      const named = await typegen(['typegen', '--base-url', server.url, '--out', out, '--key-env', 'STAGING_PROMPT_KEY'], {
        STAGING_PROMPT_KEY: FIXTURE_KEYS.pro,
      });
      expect(named.code).toBe(0);
      expect(named.stdout).toContain('Quota: 49,998 of 50,000');
      expect(seen).toHaveLength(2);
    }, 60_000);
  });

  describe('given unusual content', () => {
    const noInput = { schema: [], inputData: null, inputDataRootName: null };
    const prompt = (promptId: string, version: string, userMessage: string, systemMessage = '') => ({
      promptId,
      promptName: promptId,
      version,
      systemMessage,
      userMessage,
      config: { model: 'm', temperature: 0, ...noInput },
    });

    it('quotes names that need it, orders versions by number, and the result compiles with the package', async () => {
      await server.close();
      db = createMockDb({
        now: '2026-11-15T12:00:00Z',
        prompts: [
          prompt('quoted-names', '1.10.0', 'Hi ${first-name} ${customer} ${customer.name} ${ü} ${$dollar}'),
          prompt('quoted-names', '1.9.0', 'Hi ${first-name}', 'As ${ü}'),
          prompt('a_prompt', '1.0.0', 'No placeholders at all.'),
        ],
        composers: [],
      });
      server = await startMockServer({ port: 0, db });
      const run = await typegen(['typegen', '--base-url', server.url, '--out', out]);
      expect(run.code).toBe(0);
      const text = await readFile(out, 'utf8');
      expect(text).toContain("      a_prompt: {\n        latest: '1.0.0';");
      expect(text).toContain('            variables: Record<string, never>;');
      expect(text).toContain('    composers: Record<never, never>;');
      expect(text.indexOf("'1.9.0': {")).toBeLessThan(text.indexOf("'1.10.0': {"));
      expect(text).toContain("              'first-name': VariableValue;");
      expect(text).toContain("              'ü': VariableValue;");
      expect(text).toContain('              $dollar: VariableValue;');
      const check = [
        "import { chatMessages, useSuspensePrompt, type ComposerId, type PromptVersion } from 'prompt-composer-react';",
        "import { expectTypeOf } from 'vitest';",
        'expectTypeOf<ComposerId>().toBeNever();',
        "expectTypeOf<PromptVersion<'quoted-names'>>().toEqualTypeOf<'1.9.0' | '1.10.0'>();",
        "const none = useSuspensePrompt('a_prompt').data;",
        'chatMessages(none, {});',
        '// @ts-expect-error a prompt without variables takes no values',
        'chatMessages(none, { name: 1 });',
        "const names = useSuspensePrompt('quoted-names', { version: '1.10.0' }).data;",
        "chatMessages(names, { 'first-name': 'Ada', customer: { name: 'Ada' }, ü: 1, $dollar: 2 });",
        '// @ts-expect-error ü is missing',
        "chatMessages(names, { 'first-name': 'Ada', customer: { name: 'Ada' }, $dollar: 2 });",
        '',
      ].join('\n');
      expect(await typeCheck({ 'prompt-api.gen.d.ts': text, 'check.ts': check })).toBe('');
    }, 180_000);

    it('escapes invisible and line-breaking characters in literals, so a diff shows them, and the types still match', async () => {
      // Ids and versions outside the mock's format, as another service may send them: served as they are.
      const listed = [
        {
          ...prompt('bidi\u202Etxt.exe', 'line\u2028two', 'Hi ${\u3164} ${na\u034Fme}'),
          publishedVersions: [
            { version: '1.0\u200B', userMessage: 'Hi ${\u3164}' },
            { version: 'line\u2028two', userMessage: 'Hi ${\u3164} ${na\u034Fme}' },
            { version: 'para\u2029nel\u0085nbsp\u00A0tag\u{E0001}', userMessage: 'Hi' },
          ],
        },
      ];
      await server.close();
      server = await startMockServer({
        port: 0,
        db: createMockDb({ prompts: [], composers: [] }),
        handlers: [http.get('*/prompts', () => HttpResponse.json(listed))],
      });
      expect((await typegen(['typegen', '--base-url', server.url, '--out', out])).code).toBe(0);
      const text = await readFile(out, 'utf8');
      for (const raw of ['\u202E', '\u200B', '\u2028', '\u2029', '\u0085', '\u00A0', '\u3164', '\u034F', '\u{E0001}']) expect(text).not.toContain(raw);
      expect(text).toContain("      'bidi\\u202etxt.exe': {\n        latest: 'line\\u2028two';");
      expect(text).toContain("          '1.0\\u200b': {");
      expect(text).toContain("          'para\\u2029nel\\u0085nbsp\\u00a0tag\\u{e0001}': {");
      expect(text).toContain("              '\\u3164': VariableValue;");
      expect(text).toContain("              'na\\u034fme': VariableValue;");
      const check = [
        "import { chatMessages, useSuspensePrompt, type PromptId, type PromptVersion } from 'prompt-composer-react';",
        "import { expectTypeOf } from 'vitest';",
        // The escapes are the same strings: the ids and versions the service sent.
        "expectTypeOf<PromptId>().toEqualTypeOf<'bidi\u202Etxt.exe'>();",
        "expectTypeOf<PromptVersion<'bidi\u202Etxt.exe'>>().toEqualTypeOf<'1.0\u200B' | 'line\u2028two' | 'para\u2029nel\u0085nbsp\u00A0tag\u{E0001}'>();",
        "chatMessages(useSuspensePrompt('bidi\\u202etxt.exe').data, { '\\u3164': 'x', 'na\\u034fme': 'y' });",
        '',
      ].join('\n');
      expect(await typeCheck({ 'prompt-api.gen.d.ts': text, 'check.ts': check })).toBe('');
    }, 180_000);

    it('a variable named like an Object member (constructor, toString, valueOf) can be left out where it is optional', async () => {
      await server.close();
      const system = 'As ${constructor} ${toString} ${valueOf} ${hasOwnProperty} ${meta.toString}';
      db = createMockDb({
        now: '2026-11-15T12:00:00Z',
        prompts: [prompt('inherited-names', '1.0.0', 'Hi ${name}', system), prompt('inherited-names', '2.0.0', 'Hi ${name}', system)],
        composers: [],
      });
      server = await startMockServer({ port: 0, db });
      expect((await typegen(['typegen', '--base-url', server.url, '--out', out])).code).toBe(0);
      const text = await readFile(out, 'utf8');
      // 1.0.0: the latest system message's names are optional.
      expect(text).toContain('              constructor?: VariableValue;');
      const check = [
        "import { chatMessages, PromptPreview, useSuspensePrompt, type PromptValues } from 'prompt-composer-react';",
        "const old = useSuspensePrompt('inherited-names', { version: '1.0.0' }).data;",
        '// Correct uses: the optional names left out, or given.',
        "chatMessages(old, { name: 'Ada' });",
        "chatMessages(old, { name: 'Ada', meta: {} });",
        "chatMessages(old, { name: 'Ada', constructor: 'c', toString: 1, valueOf: true, hasOwnProperty: new Date(), meta: { toString: 'x' } });",
        "export const values: PromptValues<'inherited-names', '1.0.0'> = { name: 'Ada' };",
        "export const preview = <PromptPreview promptId=\"inherited-names\" version=\"1.0.0\" initialValues={{ name: 'Ada' }} />;",
        "export const empty = <PromptPreview promptId=\"inherited-names\" initialValues={{}} />;",
        '// Wrong uses still fail.',
        '// @ts-expect-error name is required',
        "chatMessages(old, { constructor: 'c' });",
        '// @ts-expect-error an object is not a variable value',
        "chatMessages(old, { name: 'Ada', constructor: { first: 'c' } });",
        '// @ts-expect-error isPrototypeOf is not a variable of this prompt',
        "chatMessages(old, { name: 'Ada', isPrototypeOf: 'x' });",
        "const latest = useSuspensePrompt('inherited-names').data;",
        "chatMessages(latest, { name: 'Ada', constructor: 'c', toString: 1, valueOf: 1, hasOwnProperty: 1, meta: { toString: 1 } });",
        '// @ts-expect-error the latest version needs constructor (its system message uses it)',
        "chatMessages(latest, { name: 'Ada', toString: 1, valueOf: 1, hasOwnProperty: 1, meta: { toString: 1 } });",
        '// @ts-expect-error the form holds text',
        "export const wrong = <PromptPreview promptId=\"inherited-names\" initialValues={{ constructor: { first: 'c' } }} />;",
        '',
      ].join('\n');
      expect(await typeCheck({ 'prompt-api.gen.d.ts': text, 'check.tsx': check })).toBe('');
    }, 180_000);

    it('an account with nothing published gives empty registries', async () => {
      await server.close();
      db = createMockDb({ prompts: [], composers: [] });
      server = await startMockServer({ port: 0, db });
      expect((await typegen(['typegen', '--base-url', server.url, '--out', out])).code).toBe(0);
      const text = await readFile(out, 'utf8');
      expect(text).toContain("export {};\n\ndeclare module 'prompt-composer-react' {");
      expect(text).toContain('    prompts: Record<never, never>;\n    composers: Record<never, never>;');
    }, 60_000);
  });

  it('rejects bad usage with exit 2 and the usage text; --help exits 0', async () => {
    for (const args of [[], ['generate'], ['typegen'], ['typegen', '--base-url', 'ftp://example.com'], ['typegen', '--base-url', server.url, '--nope']]) {
      const run = await typegen(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('Usage: prompt-composer-react typegen --base-url <url>');
    }
    const help = await typegen(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('The API key is read from the environment only, never from a flag.');
  }, 120_000);
});
