/**
 * What a ```tsx fragment block has in scope without writing it: the package's exports, and a few values
 * the prose around a fragment talks about (`client`, `composer`, ...). The prelude declares, at the top of
 * the fragment's own module, only the names the fragment uses and does not declare or import itself.
 */
import ts from 'typescript';

/** The values a fragment may use undeclared, with their types. Keep it short: each is a name a reader knows from the prose. */
export const FRAGMENT_CONTEXT: Readonly<Record<string, string>> = {
  client: "import('prompt-composer-react').PromptApiClient",
  queryClient: "import('@tanstack/react-query').QueryClient",
  composer: "import('prompt-composer-react').Composer",
  prompt: "import('prompt-composer-react').Prompt",
  segment: "import('prompt-composer-react').StaticSegmentData",
  values: "import('prompt-composer-react').TemplateValues",
  children: "import('react').ReactNode",
  db: "import('prompt-composer-react/mocks').MockDb",
  handler: "import('prompt-composer-react/server').PromptApiHandler",
  // Two versions of one prompt or composer, for the diffs.
  olderPrompt: "import('prompt-composer-react').Prompt",
  newerPrompt: "import('prompt-composer-react').Prompt",
  olderComposer: "import('prompt-composer-react').Composer",
  newerComposer: "import('prompt-composer-react').Composer",
};

/** The entries whose exports a fragment may use without importing them, in the order a name is looked up. */
export const FRAGMENT_ENTRIES = ['prompt-composer-react', 'prompt-composer-react/mocks'] as const;

/** The names a module declares or imports at its top level. */
function declaredNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const addBinding = (name: ts.BindingName) => {
    if (ts.isIdentifier(name)) names.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) addBinding(element.name);
  };
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) statement.declarationList.declarations.forEach((declaration) => addBinding(declaration.name));
    else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) names.add(statement.name.text);
    else if (ts.isImportDeclaration(statement) && statement.importClause) {
      const clause = statement.importClause;
      if (clause.name) names.add(clause.name.text);
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
      if (bindings && ts.isNamedImports(bindings)) bindings.elements.forEach((element) => names.add(element.name.text));
    }
  }
  return names;
}

/** Every identifier a module mentions. */
function usedNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) names.add(node.text);
    else if (ts.isJsxAttribute(node) && ts.isIdentifier(node.name)) names.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** A fragment's module text, and how many lines were put before the fragment's first line. */
export interface PreparedFragment {
  text: string;
  linesBefore: number;
}

/**
 * The module a fragment compiles as: the prelude (imports of the package exports it uses, declarations of
 * the context values it uses), then the fragment. A fragment that starts with `<` is JSX: its lines are the
 * children of a `<>...</>`.
 */
export function prepareFragment(code: string, exportsByEntry: ReadonlyMap<string, ReadonlySet<string>>): PreparedFragment {
  const isJsx = code.trimStart().startsWith('<');
  const body = isJsx ? `const fragment = (<>\n${code}\n</>);\nexport { fragment };` : `${code}\nexport {};`;
  const source = ts.createSourceFile('fragment.tsx', body, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const declared = declaredNames(source);
  const used = [...usedNames(source)].filter((name) => !declared.has(name));
  const prelude: string[] = [];
  const imported = new Set<string>();
  for (const entry of FRAGMENT_ENTRIES) {
    const names = used.filter((name) => exportsByEntry.get(entry)?.has(name) && !imported.has(name));
    names.forEach((name) => imported.add(name));
    if (names.length > 0) prelude.push(`import { ${names.join(', ')} } from '${entry}';`);
  }
  for (const name of used) {
    const type = FRAGMENT_CONTEXT[name];
    if (type && !imported.has(name)) prelude.push(`declare const ${name}: ${type};`);
  }
  const linesBefore = prelude.length + (isJsx ? 1 : 0);
  return { text: `${prelude.join('\n')}${prelude.length > 0 ? '\n' : ''}${body}`, linesBefore };
}
