import { useQueryClient } from '@tanstack/react-query';
import { usePromptList, UsageBanner, type UsageBannerProps } from 'prompt-composer-react';

/**
 * The banner as an app shows it: one request on mount (the banner reads usage from responses), and a
 * button to send another.
 */
export function UsageHarness(props: UsageBannerProps) {
  const queryClient = useQueryClient();
  const prompts = usePromptList({ staleTime: 0 });
  return (
    <div>
      <UsageBanner {...props} />
      <p className="pcr-story-row">
        <button type="button" className="pcr-story-button" onClick={() => void queryClient.invalidateQueries()}>
          Send a request
        </button>
        <span>{prompts.isFetching ? 'Sending…' : prompts.error ? `Last request: ${prompts.error.code}` : 'Last request: OK'}</span>
      </p>
    </div>
  );
}
