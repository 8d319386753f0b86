/** Constants of the mock backend: addresses, plans, the fixture keys and identifiers. */

/**
 * Base URL the handlers answer on when none is given. A reserved `.test` domain: it never resolves, so a
 * request that escapes msw fails loudly instead of reaching a real service.
 * @default 'https://api.prompt-composer.test'
 */
export const DEFAULT_BASE_URL = 'https://api.prompt-composer.test';

/**
 * The `upgradeUrl` every 429 body carries.
 * @default 'https://prompt-composer.test/upgrade'
 */
export const UPGRADE_URL = 'https://prompt-composer.test/upgrade';

/** A plan of the service. */
export type Plan = 'free' | 'pro';

/**
 * Monthly request quota of each plan, as the contract's Limits table gives them.
 * @default { free: 5000, pro: 50000 }
 */
export const PLAN_LIMITS: Readonly<Record<Plan, number>> = Object.freeze({ free: 5_000, pro: 50_000 });

/**
 * The API keys of the default fixtures.
 * - `free`: Free plan, nothing used. `pro`: Pro plan, nothing used. `revoked`: revoked (401 `INVALID_KEY`).
 * - `nearLimit`: Free plan, 4,900 of 5,000 used. `exhausted`: Free plan, 5,000 of 5,000 used (429).
 */
export const FIXTURE_KEYS = Object.freeze({
  free: 'pk_test_free',
  pro: 'pk_test_pro',
  revoked: 'pk_test_revoked',
  nearLimit: 'pk_test_near_limit',
  exhausted: 'pk_test_exhausted',
} as const);

/** Identifiers of the default fixtures' prompts and composers. */
export const FIXTURE_IDS = Object.freeze({
  prompts: Object.freeze({
    /** Published `1.0.0`, `1.1.0`, `2.0.0` (latest); placeholders incl. `${customer.name}`. */
    welcomeEmail: 'welcome-email',
    /** Published `1.0.0`, `1.1.0`; a draft `1.2.0` exists and stays invisible. */
    supportReply: 'support-reply',
    /** Published `1.0.0` with `config.schema` fields and `inputDataRootName` `ticket`. */
    ticketTriage: 'ticket-triage',
    /** Published `1.0.0`. */
    productDescription: 'product-description',
    /** Published `1.0.0`. */
    meetingSummary: 'meeting-summary',
    /** Draft only: answers 404 `NOT_FOUND`. */
    draftAnnouncement: 'draft-announcement',
    /**
     * Published `1.0.0`, `2.0.0`, `2.1.0` (latest): 1.0.0 to 2.0.0 changes the model, temperature, schema
     * fields, input data root and both messages (adds `${plan}`, removes `${tier}`); 2.0.0 to 2.1.0 only
     * the temperature.
     */
    accountReview: 'account-review',
    /** Published `1.0.0`, `1.1.0` (latest): a long user message template, changed in several places. */
    releaseNotes: 'release-notes',
  } as const),
  composers: Object.freeze({
    /** Published `1.0.0` and `1.1.0` (latest), static HTML mixed with prompt segments. */
    onboardingFlow: 'onboarding-flow',
    /** Published `1.0.0`: static HTML a sanitizer must clean, beside markup it must keep. */
    htmlShowcase: 'html-showcase',
    /**
     * Published `1.0.0`, `2.0.0` (latest): segments changed, removed, added and kept, and the input
     * configuration added.
     */
    renewalCheck: 'renewal-check',
  } as const),
} as const);

/** The versions of the default fixtures that tests and stories refer to. */
export const FIXTURE_VERSIONS = Object.freeze({
  welcomeEmail: Object.freeze(['1.0.0', '1.1.0', '2.0.0'] as const),
  /** The invisible draft of `support-reply`. */
  supportReplyDraft: '1.2.0',
  onboardingFlow: Object.freeze(['1.0.0', '1.1.0'] as const),
  accountReview: Object.freeze(['1.0.0', '2.0.0', '2.1.0'] as const),
  releaseNotes: Object.freeze(['1.0.0', '1.1.0'] as const),
  renewalCheck: Object.freeze(['1.0.0', '2.0.0'] as const),
} as const);

/** Identifier format: 1 to 128 letters, digits, `_`, `-`, starting with a letter or digit. */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** Version format: 1 to 64 letters, digits, `.`, `_`, `-`. */
export const VERSION_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The typical response time of the real service (50 to 80 ms); what Storybook uses.
 * @default [50, 80]
 */
export const TYPICAL_LATENCY: readonly [number, number] = Object.freeze([50, 80]) as readonly [number, number];

/**
 * Latency of the `slow` scenario: long enough to see loading states.
 * @default [1500, 2500]
 */
export const SLOW_LATENCY: readonly [number, number] = Object.freeze([1500, 2500]) as readonly [number, number];
