/**
 * The props tables of the built Storybook, as its docs pages show them: the arg types of each component's
 * first story (what the docs page's table lists), read from Storybook's own store in Chromium. Every prop
 * of the component's `XxxProps` interface (as TypeScript's checker lists them, inherited ones included) is
 * in its table, with a type a reader can read (never `unknown`, never an object type spelled out key by
 * key) and a control that fits it: ids and versions are strings with a text control, flags have a
 * checkbox, numbers a number control, unions of literals a list to pick from, data objects a JSON editor,
 * and functions or objects with methods none.
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForStorybookPage } from '../../scripts/storybook-pages.mjs';
import { openBuiltStorybook } from './storybook-site.ts';

/** One row of a props table, as Storybook holds it. */
interface Row {
  type: string | undefined;
  control: string | false | undefined;
}

const storybook = openBuiltStorybook();
/** Each component's props table, by component name (`ComposerPreview`). */
const tables = new Map<string, Record<string, Row>>();
/** The props of each exported `XxxProps` interface, by the name before `Props`. */
let declared: Map<string, string[]>;

beforeAll(async () => {
  declared = propsOfExportedInterfaces();
  const firstStories = new Map<string, string>();
  for (const entry of await storybook.entries()) {
    const [section, component] = entry.title.split('/');
    if (entry.type === 'story' && section === 'Components' && component && !firstStories.has(component)) firstStories.set(component, entry.id);
  }
  const page = await (await storybook.browser.newContext()).newPage();
  await page.goto(`${storybook.url}/iframe.html?id=${[...firstStories.values()][0]}&viewMode=story`);
  await waitForStorybookPage(page, 'story');
  for (const [component, storyId] of firstStories) {
    const rows: Record<string, Row> = await page.evaluate(async (id) => {
      const preview = (window as unknown as { __STORYBOOK_PREVIEW__: { storyStore: { loadStory(options: { storyId: string }): Promise<{ argTypes: Record<string, { table?: { type?: { summary?: string } }; control?: { type?: string } | false }> }> } } }).__STORYBOOK_PREVIEW__;
      const story = await preview.storyStore.loadStory({ storyId: id });
      return Object.fromEntries(
        Object.entries(story.argTypes).map(([name, argType]): [string, Row] => [name, { type: argType.table?.type?.summary, control: argType.control === false ? false : argType.control?.type }]),
      );
    }, storyId);
    tables.set(component, rows);
  }
});

/** The names of every prop of each `XxxProps` interface the package exports, inherited ones included. */
function propsOfExportedInterfaces(): Map<string, string[]> {
  const entry = fileURLToPath(new URL('../../src/index.ts', import.meta.url));
  const program = ts.createProgram([entry], { strict: true, jsx: ts.JsxEmit.ReactJSX, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, allowImportingTsExtensions: true, noEmit: true });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry) as ts.SourceFile) as ts.Symbol;
  const props = new Map<string, string[]>();
  for (const exported of checker.getExportsOfModule(module)) {
    const name = /^(\w+)Props$/.exec(exported.name)?.[1];
    if (!name) continue;
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    props.set(name, checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol)).map((property) => property.name));
  }
  return props;
}

/** The control a prop's type calls for, or `undefined` where any is fine. */
function expectedControl(type: string): string | false | undefined {
  if (type === 'string' || type === 'string | readonly string[]') return 'text';
  if (type === 'boolean') return 'boolean';
  if (/^\(.*=>.*\)$/.test(type) || type === 'HtmlSanitizer') return false;
  if (/^(\d+|"[^"]*")( \| (\d+|"[^"]*"))+$/.test(type)) return 'list';
  return undefined;
}

describe('Props tables of the built Storybook', () => {
  it('cover the components', () => {
    expect([...tables.keys()]).toEqual(expect.arrayContaining(['ComposerPreview', 'PromptPreview', 'PromptCard', 'ComposerView', 'UsageBanner', 'PromptVersionDiff']));
  });

  it("list every prop of the component's props interface, inherited ones too", () => {
    const missing: string[] = [];
    for (const [component, rows] of tables) {
      const props = declared.get(component);
      expect(props, `${component}Props is exported`).toBeDefined();
      for (const prop of props ?? []) if (!(prop in rows)) missing.push(`${component}.${prop}`);
    }
    expect(missing).toEqual([]);
  });

  it('show every type as a reader writes it: never unknown, never an object type spelled out', () => {
    const unreadable = [...tables].flatMap(([component, rows]) =>
      Object.entries(rows)
        .filter(([, row]) => row.type === undefined || /\bunknown\b(?!>)/.test(row.type.replace(/Record<string, unknown>/g, '')) || /\{ readonly /.test(row.type))
        .map(([prop, row]) => `${component}.${prop}: ${row.type}`),
    );
    expect(unreadable).toEqual([]);
  });

  it('give ids and versions a text control, and every prop the control its type calls for', () => {
    for (const [component, prop] of [['ComposerPreview', 'composerId'], ['ComposerPreview', 'version'], ['PromptPreview', 'promptId'], ['PromptPreview', 'version'], ['PromptVersionDiff', 'promptId'], ['PromptVersionDiff', 'from'], ['PromptVersionDiff', 'to']] as const) {
      expect(tables.get(component)?.[prop], `${component}.${prop}`).toEqual({ type: 'string', control: 'text' });
    }
    expect(tables.get('ComposerPreview')?.initialValues).toEqual({ type: 'Readonly<Record<string, string>>', control: 'object' });
    const misfits = [...tables].flatMap(([component, rows]) =>
      Object.entries(rows).flatMap(([prop, row]) => {
        const expected = expectedControl(row.type ?? '');
        const control = expected === 'list' && /^(radio|inline-radio|select)$/.test(String(row.control)) ? 'list' : (row.control ?? false);
        return expected === undefined || control === expected ? [] : [`${component}.${prop}: ${row.type} has ${String(row.control)}, not ${String(expected)}`];
      }),
    );
    expect(misfits).toEqual([]);
  });
});
