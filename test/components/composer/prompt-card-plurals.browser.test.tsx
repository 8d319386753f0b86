import { cleanup, render } from '@testing-library/react';
import { type CatalogOverride, type Prompt, PromptCard } from 'prompt-composer-react';
import { afterEach, describe, expect, it } from 'vitest';
import { prompt } from '../presentational-fixtures.tsx';

afterEach(cleanup);

/** The fixture prompt with `count` unfilled placeholders, `${v1}` to `${vN}`, in its user message only. */
function promptWith(count: number): Prompt {
  const names = Array.from({ length: count }, (_, index) => `\${v${index + 1}}`);
  return { ...prompt, systemMessage: 'Be brief.', userMessage: names.join(' ') };
}

/** The card's note on unfilled placeholders, for a prompt with `count` of them, in `catalog`'s words. */
function noteFor(count: number, catalog: CatalogOverride): string {
  const { container } = render(<PromptCard prompt={promptWith(count)} catalog={catalog} />);
  const note = container.querySelector('.pcr-prompt-card__missing')?.textContent ?? '';
  cleanup();
  return note;
}

const names = (count: number, separator: string) => Array.from({ length: count }, (_, index) => `v${index + 1}`).join(separator);

// Languages with more than two plural forms, in this test only: the catalog's plural forms are chosen by
// Intl.PluralRules for its locale, and its numbers written by Intl.NumberFormat for that locale.
describe('plural forms chosen by the rules of the catalog’s language', () => {
  it('Polish: one, few (2 to 4, 22 to 24 ...) and many (5 to 21, 25 ...)', () => {
    const polish: CatalogOverride = {
      locale: 'pl',
      card: {
        missingNote: {
          one: '{count} zmienna do uzupełnienia: {names}',
          few: '{count} zmienne do uzupełnienia: {names}',
          many: '{count} zmiennych do uzupełnienia: {names}',
          other: '{count} zmiennej do uzupełnienia: {names}',
        },
      },
    };
    expect(noteFor(1, polish)).toBe('1 zmienna do uzupełnienia: v1');
    expect(noteFor(2, polish)).toBe(`2 zmienne do uzupełnienia: ${names(2, ', ')}`);
    expect(noteFor(5, polish)).toBe(`5 zmiennych do uzupełnienia: ${names(5, ', ')}`);
    expect(noteFor(12, polish)).toBe(`12 zmiennych do uzupełnienia: ${names(12, ', ')}`);
    expect(noteFor(22, polish)).toBe(`22 zmienne do uzupełnienia: ${names(22, ', ')}`);
  });

  it('Arabic: one, two, few, many and other, forms without the number, Arabic digits and list separator', () => {
    const arabic: CatalogOverride = {
      locale: 'ar',
      list: { separator: '، ', finalSeparator: ' و' },
      card: {
        missingNote: {
          one: 'متغير واحد للتعبئة: {names}',
          two: 'متغيران للتعبئة: {names}',
          few: '{count} متغيرات للتعبئة: {names}',
          many: '{count} متغيرًا للتعبئة: {names}',
          other: '{count} متغير للتعبئة: {names}',
        },
      },
    };
    const arabicNumber = (value: number) => new Intl.NumberFormat('ar').format(value);
    expect(noteFor(1, arabic)).toBe('متغير واحد للتعبئة: v1');
    expect(noteFor(2, arabic)).toBe(`متغيران للتعبئة: ${names(2, '، ')}`);
    expect(noteFor(3, arabic)).toBe(`${arabicNumber(3)} متغيرات للتعبئة: ${names(3, '، ')}`);
    expect(noteFor(11, arabic)).toBe(`${arabicNumber(11)} متغيرًا للتعبئة: ${names(11, '، ')}`);
    expect(noteFor(100, arabic)).toBe(`${arabicNumber(100)} متغير للتعبئة: ${names(100, '، ')}`);
  });

  it('English, with nothing passed: one and other, as before the catalog', () => {
    expect(noteFor(1, {})).toBe('1 variable to fill in: v1');
    expect(noteFor(2, {})).toBe('2 variables to fill in: v1, v2');
  });
});
