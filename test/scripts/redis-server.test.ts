// The decisions of scripts/redis-server.mjs (`pretest`: find or get a redis-server), with fakes for every
// effect; and the server it starts for the Redis tests and the benchmark.
import { describe, expect, it } from 'vitest';
import { DEBIAN_REDIS_SERVER, ensureRedisServer, startRedisServer } from '../../scripts/redis-server.mjs';

/** A machine where `present` paths exist, `onPath` maps commands to paths, and runs succeed unless `failing`. */
function fakeMachine({ present = [] as string[], onPath = { 'apt-get': '/usr/bin/apt-get' } as Record<string, string>, isRoot = true, failing = [] as string[], installs = {} as Record<string, string>, env = {} as NodeJS.ProcessEnv } = {}) {
  const files = new Set(present);
  const ran: string[] = [];
  const log: string[] = [];
  const system = {
    env,
    isRoot,
    exists: (path: string) => files.has(path),
    which: (command: string) => (command in onPath && files.has(onPath[command]!) ? onPath[command] : command === 'apt-get' ? onPath[command] : undefined),
    run: (command: string, args: string[]) => {
      const line = [command, ...args].join(' ');
      ran.push(line);
      if (failing.includes(line)) return false;
      if (installs[line]) files.add(installs[line]);
      return true;
    },
    log: (line: string) => void log.push(line),
  };
  return { system, ran, log };
}

const INSTALL = 'apt-get install -y --no-install-recommends redis-server';

describe('ensureRedisServer', () => {
  it('uses the redis-server on PATH, and runs nothing', () => {
    const { system, ran } = fakeMachine({ present: ['/opt/redis/bin/redis-server'], onPath: { 'redis-server': '/opt/redis/bin/redis-server' } });
    expect(ensureRedisServer(system)).toBe('/opt/redis/bin/redis-server');
    expect(ran).toEqual([]);
  });

  it("uses Debian's when PATH has none", () => {
    const { system, ran } = fakeMachine({ present: [DEBIAN_REDIS_SERVER] });
    expect(ensureRedisServer(system)).toBe(DEBIAN_REDIS_SERVER);
    expect(ran).toEqual([]);
  });

  it('uses REDIS_SERVER_PATH, and only that path', () => {
    const { system } = fakeMachine({ present: [DEBIAN_REDIS_SERVER], env: { REDIS_SERVER_PATH: '/opt/valkey-server' } });
    expect(() => ensureRedisServer({ ...system, isRoot: false })).toThrow(/none at \/opt\/valkey-server/);
  });

  it("as root with apt-get and none, installs Debian's redis-server package", () => {
    const { system, ran } = fakeMachine({ installs: { [INSTALL]: DEBIAN_REDIS_SERVER } });
    expect(ensureRedisServer(system)).toBe(DEBIAN_REDIS_SERVER);
    expect(ran).toEqual(['apt-get update', INSTALL]);
  });

  it('not root: fails at once, saying what to do', () => {
    const { system, ran } = fakeMachine({ isRoot: false });
    expect(() => ensureRedisServer(system)).toThrow(/No redis-server for the Redis tests[\s\S]*not root[\s\S]*apt-get install redis-server[\s\S]*REDIS_SERVER_PATH=/);
    expect(ran).toEqual([]);
  });

  it('a failed install: says so', () => {
    const { system } = fakeMachine({ failing: [INSTALL] });
    expect(() => ensureRedisServer(system)).toThrow(/apt-get install redis-server failed/);
  });
});

describe('startRedisServer', () => {
  it('starts one on a free loopback port that answers, and stops it by its PID', async () => {
    const redis = await startRedisServer();
    expect(redis.url).toBe(`redis://127.0.0.1:${redis.port}`);
    const pid = redis.pid;
    expect(() => process.kill(pid, 0)).not.toThrow();
    await redis.stop();
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
