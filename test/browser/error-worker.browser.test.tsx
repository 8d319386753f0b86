import { cleanup, render, screen } from '@testing-library/react';
import { ApiErrorMessage, isPromptApiError, isPromptApiErrorData } from 'prompt-composer-react';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(cleanup);

/** The first message of a real module worker that imports the package. */
async function messageFromWorker(): Promise<{ data: unknown; error: unknown }> {
  const worker = new Worker(new URL('./error-worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<{ data: unknown; error: unknown }>) => resolve(event.data);
      worker.onerror = (event) => reject(new Error(`the worker failed: ${event.message}`));
    });
  } finally {
    worker.terminate();
  }
}

describe('a PromptApiError posted from a worker', () => {
  it('arrives as data isPromptApiErrorData recognises when sent as error.toJSON(), and ApiErrorMessage renders it', async () => {
    const { data } = await messageFromWorker();
    expect(isPromptApiErrorData(data)).toBe(true);
    expect(isPromptApiError(data)).toBe(false);
    expect(data).toMatchObject({
      name: 'PromptApiError',
      message: 'GET /prompts/welcome-email failed with 429 USAGE_LIMIT_EXCEEDED: Usage limit exceeded',
      status: 429,
      code: 'USAGE_LIMIT_EXCEEDED',
      usage: { used: 5000, limit: 5000 },
      retryable: false,
    });
    if (!isPromptApiErrorData(data)) return;
    render(<ApiErrorMessage error={data} />);
    expect(screen.getByRole('alert').textContent).toContain('Monthly quota used up');
    expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('https://example.test/upgrade');
  });

  it('arrives as a plain Error with the message only when sent as is, and is not recognised', async () => {
    const { error } = await messageFromWorker();
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('GET /prompts/welcome-email failed with 429 USAGE_LIMIT_EXCEEDED: Usage limit exceeded');
    expect(isPromptApiError(error)).toBe(false);
    expect(isPromptApiErrorData(error)).toBe(false);
  });
});
