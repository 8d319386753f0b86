// What the find-or-install scripts (`chromium.mjs`, `redis-server.mjs`) share: whether a file is an
// executable, where a command is on PATH, and running an installer with its output shown.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Whether `path` is a file this process may execute.
 * @param {string} path
 */
export function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The executable `command` in the first of `PATH`'s directories that has it, or undefined.
 * @param {string} command
 * @param {NodeJS.ProcessEnv} env
 */
export function findOnPath(command, env = process.env) {
  return (env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => dir !== '')
    .map((dir) => join(dir, command))
    .find((path) => isExecutable(path));
}

/**
 * Runs `command` with its output shown and apt-get's prompts off; true when it exits 0.
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 */
export function runShown(command, args, env = process.env) {
  return spawnSync(command, args, { stdio: 'inherit', env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
}
