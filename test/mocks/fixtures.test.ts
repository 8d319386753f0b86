// The client's own validators, internal to the package: the fixtures must pass what every response passes.
import { parseComposer, parsePrompt } from '../../src/api/validate.ts';
import {
  createMockDb,
  FIXTURE_API_KEYS,
  FIXTURE_COMPOSERS,
  FIXTURE_IDS,
  FIXTURE_KEYS,
  FIXTURE_PROMPTS,
  HTML_SHOWCASE_SAFE,
  HTML_SHOWCASE_UNSAFE,
  ID_PATTERN,
  VERSION_PATTERN,
} from 'prompt-composer-react/mocks';
import { describe, expect, it } from 'vitest';

const placeholders = (text: string) => [...text.matchAll(/\$\{([^}]+)\}/g)].map((match) => match[1]);

describe('default fixtures', () => {
  it('every prompt and composer version passes the client validation and the id/version formats', () => {
    for (const { status: _status, ...prompt } of FIXTURE_PROMPTS) {
      expect(() => parsePrompt(prompt)).not.toThrow();
      expect(prompt.promptId).toMatch(ID_PATTERN);
      expect(prompt.version).toMatch(VERSION_PATTERN);
    }
    for (const { status: _status, ...composer } of FIXTURE_COMPOSERS) expect(() => parseComposer(composer)).not.toThrow();
  });

  it('has at least five published prompts, one with schema fields and an inputDataRootName', () => {
    const db = createMockDb();
    const prompts = db.listPrompts();
    expect(prompts.length).toBeGreaterThanOrEqual(5);
    expect(prompts.some((prompt) => prompt.config.schema.length > 0 && prompt.config.inputDataRootName)).toBe(true);
    expect(prompts.map((prompt) => prompt.promptId)).not.toContain(FIXTURE_IDS.prompts.draftAnnouncement);
  });

  it('welcome-email has 1.0.0, 1.1.0 and 2.0.0 (latest) with ${...} placeholders, one dotted', () => {
    const db = createMockDb();
    const versions = db.listPrompts({ includeVersions: true }).find((prompt) => prompt.promptId === 'welcome-email')?.publishedVersions;
    expect(versions?.map((entry) => entry.version)).toEqual(['1.0.0', '1.1.0', '2.0.0']);
    for (const entry of versions ?? []) expect(placeholders(entry.userMessage ?? '').length).toBeGreaterThan(0);
    expect(placeholders(versions?.at(-1)?.userMessage ?? '')).toContain('customer.name');
  });

  it('a published prompt also has a newer draft; draft-announcement is draft-only', () => {
    const drafts = FIXTURE_PROMPTS.filter((prompt) => prompt.status === 'draft');
    expect(drafts.map((prompt) => prompt.promptId).sort()).toEqual(['draft-announcement', 'support-reply']);
    expect(createMockDb().getPrompt('draft-announcement')).toEqual({ status: 'not-found' });
  });

  it('composer prompt segments copy existing published prompt versions exactly', () => {
    const db = createMockDb();
    for (const composer of FIXTURE_COMPOSERS) {
      for (const segment of composer.segments) {
        if (segment.type !== 'prompt') continue;
        const found = db.getPrompt(segment.promptId, segment.version);
        expect(found.status, `${composer.composerId} → ${segment.promptId}@${segment.version}`).toBe('found');
        if (found.status !== 'found') continue;
        const { promptName, systemMessage, userMessage, config } = found.value;
        expect(segment).toEqual({ type: 'prompt', promptId: segment.promptId, version: segment.version, promptName, systemMessage, userMessage, config: { model: config.model, temperature: config.temperature } });
      }
    }
  });

  it('onboarding-flow has two published versions mixing static and prompt segments', () => {
    const versions = FIXTURE_COMPOSERS.filter((composer) => composer.composerId === 'onboarding-flow');
    expect(versions.map((composer) => composer.version)).toEqual(['1.0.0', '1.1.0']);
    for (const composer of versions) expect(new Set(composer.segments.map((segment) => segment.type))).toEqual(new Set(['static', 'prompt']));
  });

  it('html-showcase holds markup a sanitizer must remove beside markup it must keep', () => {
    for (const bad of ['<script', 'onerror=', 'onclick=', 'javascript:', '<iframe', '<form', '<input', '<style', 'style="', 'id="getElementById"', 'name="cookie"']) {
      expect(HTML_SHOWCASE_UNSAFE).toContain(bad);
    }
    for (const good of ['<h2', '<h3', '<ul', '<ol', '<a href="https://', 'target="_blank"', '<img src="https://', 'alt="', '<table']) {
      expect(HTML_SHOWCASE_SAFE).toContain(good);
    }
    const composer = FIXTURE_COMPOSERS.find((item) => item.composerId === 'html-showcase');
    const html = composer?.segments.map((segment) => (segment.type === 'static' ? segment.content : '')).join('');
    expect(html).toContain(HTML_SHOWCASE_UNSAFE);
    expect(html).toContain(HTML_SHOWCASE_SAFE);
  });

  it('the fixture keys have the documented plans and usage', () => {
    const db = createMockDb();
    expect(FIXTURE_API_KEYS.map((key) => key.key).sort()).toEqual(Object.values(FIXTURE_KEYS).sort());
    expect(db.usageOf(FIXTURE_KEYS.free)).toMatchObject({ plan: 'free', used: 0, limit: 5_000, revoked: false });
    expect(db.usageOf(FIXTURE_KEYS.pro)).toMatchObject({ plan: 'pro', used: 0, limit: 50_000 });
    expect(db.usageOf(FIXTURE_KEYS.revoked)).toMatchObject({ revoked: true });
    expect(db.usageOf(FIXTURE_KEYS.nearLimit)).toMatchObject({ used: 4_900, remaining: 100 });
    expect(db.usageOf(FIXTURE_KEYS.exhausted)).toMatchObject({ used: 5_000, remaining: 0 });
  });
});

describe('createMockDb seeds', () => {
  const base = FIXTURE_PROMPTS.find((prompt) => prompt.promptId === 'meeting-summary');
  if (!base) throw new Error('fixture missing');

  it('rejects a prompt the client would reject, naming the fixture and the field', () => {
    const broken = { ...base, config: { ...base.config, temperature: 3 } };
    expect(() => createMockDb({ prompts: [broken] })).toThrow(/Invalid mock fixture prompt "meeting-summary" version "1.0.0": \$\.config\.temperature/);
  });
  it('rejects an identifier or version outside the formats, and duplicate versions', () => {
    expect(() => createMockDb({ prompts: [{ ...base, promptId: 'bad id' }] })).toThrow(/"bad id".*identifier/);
    expect(() => createMockDb({ prompts: [{ ...base, version: '1 0' }] })).toThrow(/version is outside/);
    expect(() => createMockDb({ prompts: [base, base] })).toThrow(/exists already/);
  });
  it('rejects a composer with an unknown segment type', () => {
    const composer = FIXTURE_COMPOSERS[0];
    if (!composer) throw new Error('fixture missing');
    const broken = { ...composer, segments: [{ type: 'video', url: 'x' }] } as unknown as typeof composer;
    expect(() => createMockDb({ composers: [broken] })).toThrow(/Invalid mock fixture composer "html-showcase".*segments\[0\]\.type/);
  });
  it('addPrompt appends a version that becomes the latest; reset restores the seed', () => {
    const db = createMockDb();
    db.addPrompt({ ...base, version: '1.1.0', userMessage: 'New ${x}' });
    expect(db.getPrompt('meeting-summary')).toMatchObject({ status: 'found', value: { version: '1.1.0' } });
    db.addPrompt({ ...base, version: '1.2.0', status: 'draft' });
    expect(db.getPrompt('meeting-summary', '1.2.0')).toEqual({ status: 'not-found' });
    expect(db.getPrompt('meeting-summary', '9.9.9')).toEqual({ status: 'version-not-found' });
    db.reset();
    expect(db.getPrompt('meeting-summary')).toMatchObject({ value: { version: '1.0.0' } });
  });
  it('served values are copies: mutating one does not change the database', () => {
    const db = createMockDb();
    const found = db.getPrompt('welcome-email');
    if (found.status === 'found') found.value.userMessage = 'changed';
    expect(db.getPrompt('welcome-email')).toMatchObject({ value: { version: '2.0.0' } });
    expect((db.getPrompt('welcome-email') as { value: { userMessage: string } }).value.userMessage).not.toBe('changed');
  });
  it('setUsage validates; usage of another month reads as 0', () => {
    const db = createMockDb({ now: '2026-01-31T23:00:00Z' });
    expect(() => db.setUsage(FIXTURE_KEYS.free, -1)).toThrow(RangeError);
    expect(() => db.setUsage('pk_nope', 1)).toThrow(/Unknown mock API key/);
    db.setUsage(FIXTURE_KEYS.free, 42);
    db.clock.advance(3_600_000);
    expect(db.usageOf(FIXTURE_KEYS.free)).toMatchObject({ used: 0, resetAt: Date.UTC(2026, 2, 1) });
    expect(db.usageOf('pk_nope')).toBeNull();
  });
});
