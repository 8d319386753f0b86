import type { Composer, Prompt } from 'prompt-composer-react';
import { createMockDb, FIXTURE_IDS } from 'prompt-composer-react/mocks';

const db = createMockDb();

function found<T>(lookup: { status: string; value?: T }, what: string): T {
  if (lookup.status !== 'found' || lookup.value === undefined) throw new Error(`fixture ${what} is missing`);
  return lookup.value;
}

/** The mock backend's `welcome-email` prompt, latest version. */
export const welcomeEmail: Prompt = found(db.getPrompt(FIXTURE_IDS.prompts.welcomeEmail), 'welcome-email');

/** The mock backend's `ticket-triage` prompt (schema fields, input data root). */
export const ticketTriage: Prompt = found(db.getPrompt(FIXTURE_IDS.prompts.ticketTriage), 'ticket-triage');

/** The mock backend's `onboarding-flow` composer, latest version. */
export const onboardingFlow: Composer = found(db.getComposer(FIXTURE_IDS.composers.onboardingFlow), 'onboarding-flow');

/** The mock backend's `html-showcase` composer: markup a sanitizer must remove beside markup it keeps. */
export const htmlShowcase: Composer = found(db.getComposer(FIXTURE_IDS.composers.htmlShowcase), 'html-showcase');

/** A version of a fixture prompt, for the diff stories. */
export function promptVersion(id: string, version: string): Prompt {
  return found(db.getPrompt(id, version), `${id}@${version}`);
}

/** A version of a fixture composer, for the diff stories. */
export function composerVersion(id: string, version: string): Composer {
  return found(db.getComposer(id, version), `${id}@${version}`);
}
