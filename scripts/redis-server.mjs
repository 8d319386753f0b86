// Finds the redis-server the Redis tests and `npm run bench:fleet` start, and gets one on a machine that
// has none (`pretest`): `node scripts/redis-server.mjs` exits 0 with a redis-server in place, or 1 with a
// message that says what to do.
//
// Where it looks: `REDIS_SERVER_PATH` when set (only there), else `redis-server` on PATH, else Debian's
// `/usr/bin/redis-server`.
// How it gets one: as root with apt-get, Debian's `redis-server` package (Redis 7); else nothing, and a
// clear failure. `startRedisServer` starts one on a free loopback port, without persistence, for a test
// file or the benchmark, and stops it by its PID.
import { spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { pathToFileURL } from 'node:url';
import { findOnPath, isExecutable, runShown } from './executables.mjs';

/** Debian's redis-server (package `redis-server`). */
export const DEBIAN_REDIS_SERVER = '/usr/bin/redis-server';

/**
 * The places to look, in order: `REDIS_SERVER_PATH` alone when set, else redis-server on PATH, else Debian's.
 * @param {NodeJS.ProcessEnv} env
 * @param {(command: string) => string | undefined} which
 */
export function redisServerCandidates(env = process.env, which = (command) => findOnPath(command, env)) {
  if (env.REDIS_SERVER_PATH) return [env.REDIS_SERVER_PATH];
  return [which('redis-server'), DEBIAN_REDIS_SERVER].filter((path) => path !== undefined);
}

/**
 * The first executable redis-server of `redisServerCandidates`, or undefined.
 * @param {NodeJS.ProcessEnv} env
 */
export function findRedisServer(env = process.env, exists = isExecutable, which = (command) => findOnPath(command, env)) {
  return redisServerCandidates(env, which).find((path) => exists(path));
}

/** The redis-server to start: the one `findRedisServer` finds, else where Debian would put it. */
export function redisServerPath(env = process.env) {
  return findRedisServer(env) ?? env.REDIS_SERVER_PATH ?? DEBIAN_REDIS_SERVER;
}

/**
 * Makes sure a redis-server is there; returns its path, or throws an Error whose message says what to do.
 * Every effect goes through `system`, so the decisions can be tested without touching the machine.
 * @param {import('./redis-server.d.mts').RedisServerSystem} system
 */
export function ensureRedisServer(system = {}) {
  const env = system.env ?? process.env;
  const exists = system.exists ?? isExecutable;
  const which = system.which ?? ((command) => findOnPath(command, env));
  const exec = system.run ?? ((command, args) => runShown(command, args, env));
  const log = system.log ?? ((line) => console.log(line));
  const isRoot = system.isRoot ?? process.getuid?.() === 0;

  const look = () => findRedisServer(env, exists, which);
  const found = look();
  if (found) {
    log(`redis-server: ${found}`);
    return found;
  }
  const where = env.REDIS_SERVER_PATH ? env.REDIS_SERVER_PATH : `PATH or ${DEBIAN_REDIS_SERVER}`;
  log(`redis-server: none at ${where}; the Redis tests need one`);
  let tried;
  if (isRoot && which('apt-get')) {
    log("redis-server: installing Debian's redis-server package (apt-get update && apt-get install -y redis-server)");
    const installed = exec('apt-get', ['update']) && exec('apt-get', ['install', '-y', '--no-install-recommends', 'redis-server']);
    const after = installed ? look() : undefined;
    if (after) {
      log(`redis-server: ${after}`);
      return after;
    }
    tried = installed ? `apt-get installed redis-server, but it is not at ${where}` : 'apt-get install redis-server failed';
  } else {
    tried = isRoot ? 'apt-get: not on this machine' : 'apt-get: not root, so not tried';
  }
  throw new Error(
    [
      `No redis-server for the Redis tests: none at ${where}.`,
      `Tried: ${tried}.`,
      'Do one of these, then run the tests again:',
      '  - Debian or Ubuntu: sudo apt-get install redis-server (or valkey-server, pointed at by REDIS_SERVER_PATH)',
      '  - macOS: brew install redis',
      '  - point REDIS_SERVER_PATH at a redis-server you have: REDIS_SERVER_PATH=/path/to/redis-server npm test',
    ].join('\n'),
  );
}

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether something on `port` answers PING with PONG. */
function pong(port) {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let reply = '';
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk;
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

/**
 * Starts redis-server on 127.0.0.1 (`port`, or a free one) with no persistence (`--save '' --appendonly
 * no`), and resolves once it answers PING. `stop()` kills it by its PID; `restart()` starts it again, empty,
 * on the same port. It is killed when this process exits.
 * @param {{ port?: number }} options
 */
export async function startRedisServer({ port } = {}) {
  const path = redisServerPath();
  const chosen = port ?? (await freePort());
  let child;
  const start = async () => {
    const started = spawn(path, ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    started.stdout.on('data', (chunk) => (output += chunk));
    started.stderr.on('data', (chunk) => (output += chunk));
    const failed = new Promise((_resolve, reject) => {
      started.once('error', (error) => reject(new Error(`redis-server could not start (${path}): ${error.message}. Run node scripts/redis-server.mjs`)));
      started.once('exit', (code) => reject(new Error(`redis-server exited with ${code} before answering:\n${output}`)));
    });
    failed.catch(() => {});
    for (let tries = 0; !(await Promise.race([pong(chosen), failed])); tries++) {
      if (tries > 100) throw new Error(`redis-server on port ${chosen} did not answer PING within 10 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return started;
  };
  const kill = () => child?.exitCode === null && child.signalCode === null && process.kill(child.pid, 'SIGKILL');
  process.once('exit', kill);
  child = await start();
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    get pid() {
      return child.pid;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(child.pid, 'SIGKILL');
      await exited;
    },
    async restart() {
      child = await start();
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    ensureRedisServer();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
