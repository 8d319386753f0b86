import { FIXTURE_COMPOSERS, FIXTURE_IDS, FIXTURE_PROMPTS } from 'prompt-composer-react/mocks';

const { welcomeEmail, supportReply, ticketTriage, productDescription, meetingSummary, draftAnnouncement } = FIXTURE_IDS.prompts;
const prompts = new Set<string>([welcomeEmail, supportReply, ticketTriage, productDescription, meetingSummary, draftAnnouncement]);
const composers = new Set<string>([FIXTURE_IDS.composers.onboardingFlow, FIXTURE_IDS.composers.htmlShowcase]);

/**
 * The account the benchmarks measure: the fixture prompts and composers they were written for (five
 * published prompts and a draft, two composers). Fixtures added since for other features (the version
 * diffs' `account-review`, `release-notes`, `renewal-check`) stay out, so the workload, and the figures
 * compared across runs, do not change with them.
 */
export const BENCH_PROMPTS = FIXTURE_PROMPTS.filter((prompt) => prompts.has(prompt.promptId));

/** The composers of the benchmarks' account. */
export const BENCH_COMPOSERS = FIXTURE_COMPOSERS.filter((composer) => composers.has(composer.composerId));
