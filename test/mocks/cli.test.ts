import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { FIXTURE_KEYS } from 'prompt-composer-react/mocks';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Starts the CLI; resolves with the process, the printed base URL and everything printed so far. */
function start(args: string[]): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/mock-server.ts', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match && output.includes('Stop with')) {
        clearTimeout(timer);
        resolve({ child, url: match[1] as string, output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

describe('npm run mock-server', () => {
  it('prints the URL, keys, ids and a curl; serves; stops with exit code 0 on SIGTERM', async () => {
    const { child, url, output } = await start(['--port', '0', '--latency', '1-2']);
    expect(output()).toContain(FIXTURE_KEYS.free);
    expect(output()).toContain('welcome-email');
    expect(output()).toContain('onboarding-flow');
    expect(output()).toMatch(new RegExp(`curl -i -H 'Authorization: Bearer pk_test_free' '${url}/prompts/welcome-email`));
    const response = await fetch(`${url}/prompts/welcome-email`, { headers: { Authorization: `Bearer ${FIXTURE_KEYS.free}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-remaining')).toBe('4999');
    const exited = exitOf(child);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(`${url}/prompts`)).rejects.toThrow();
  }, 30_000);

  it('applies --scenario and stops with exit code 0 on SIGINT', async () => {
    const { child, url } = await start(['--port', '0', '--scenario', 'exhausted']);
    expect((await fetch(`${url}/prompts`, { headers: { Authorization: `Bearer ${FIXTURE_KEYS.free}` } })).status).toBe(429);
    const exited = exitOf(child);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  }, 30_000);

  it('rejects an unknown scenario with exit code 2', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/mock-server.ts', '--scenario', 'nope'], { cwd: root, stdio: 'ignore' });
    expect(await exitOf(child)).toBe(2);
  }, 30_000);
});
