// Starts the mock API of bench:handler and bench:steps (upstream.ts) in a process of its own.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Starts the upstream mock API with `count` prompts; resolves with its URL and a way to stop it. */
export function startUpstream(count: number): Promise<{ url: string; stop: () => void }> {
  const script = fileURLToPath(new URL('./upstream.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(count)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    child.stdout.once('data', (data: Buffer) => resolve({ url: data.toString().trim(), stop: () => child.kill('SIGTERM') }));
  });
}
