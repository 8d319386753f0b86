/** A worker that fails like the client does and posts the error back, as data and as the error itself. */
import { isPromptApiError, PromptApiError } from 'prompt-composer-react';

const error: unknown = new PromptApiError({
  method: 'GET',
  path: '/prompts/welcome-email',
  status: 429,
  code: 'USAGE_LIMIT_EXCEEDED',
  detail: 'Usage limit exceeded',
  usage: { used: 5000, limit: 5000 },
  upgradeUrl: 'https://example.test/upgrade',
});
// As docs/hooks/errors.md tells a worker to send it, and as is.
postMessage({ data: isPromptApiError(error) ? error.toJSON() : String(error), error });
