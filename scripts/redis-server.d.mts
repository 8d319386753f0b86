/** Debian's redis-server (package `redis-server`). */
export const DEBIAN_REDIS_SERVER: string;

/** The places to look, in order: `REDIS_SERVER_PATH` alone when set, else redis-server on PATH, else Debian's. */
export function redisServerCandidates(env?: NodeJS.ProcessEnv, which?: (command: string) => string | undefined): string[];

/** The first executable redis-server of `redisServerCandidates`, or undefined. */
export function findRedisServer(
  env?: NodeJS.ProcessEnv,
  exists?: (path: string) => boolean,
  which?: (command: string) => string | undefined,
): string | undefined;

/** The redis-server to start: the one `findRedisServer` finds, else where Debian would put it. */
export function redisServerPath(env?: NodeJS.ProcessEnv): string;

/** What `ensureRedisServer` does to the machine, replaceable in tests. */
export interface RedisServerSystem {
  env?: NodeJS.ProcessEnv;
  isRoot?: boolean;
  exists?: (path: string) => boolean;
  /** The path of an executable on PATH, or undefined. */
  which?: (command: string) => string | undefined;
  run?: (command: string, args: string[]) => boolean;
  log?: (line: string) => void;
}

/** Makes sure a redis-server is there; returns its path, or throws an Error whose message says what to do. */
export function ensureRedisServer(system?: RedisServerSystem): string;

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number>;

/** A redis-server started by `startRedisServer`. */
export interface RunningRedisServer {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** The PID of the running server. */
  readonly pid: number;
  /** Kills it by its PID and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again, empty, on the same port. */
  restart(): Promise<void>;
}

/** Starts redis-server on 127.0.0.1 (`port`, or a free one), no persistence; resolves once it answers PING. */
export function startRedisServer(options?: { port?: number }): Promise<RunningRedisServer>;
