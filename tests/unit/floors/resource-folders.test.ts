import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 14 item 1: one folder per resource under src/resources/<name>/, its index exporting its
// views as react-admin's demo does (list, create, edit, show, icon), each a line of the table of
// contents (src/resources/index.tsx). The 15: customers, cors-entries, licences, systems,
// system-periods, risk-periods, risks, functions, app-users, groups, departments, sql-queries,
// analyses, findings, risk-acceptances (all of them now, plus system-data, the period data browser).
const FOLDERS = [
  'customers',
  'cors-entries',
  'licences',
  'systems',
  'app-users',
  'groups',
  'departments',
  'mitigating-controls',
  'mitigations',
  'decision-trail',
  'analyses',
  'findings',
  'risk-acceptances',
  'system-periods',
  'system-data',
  'risk-periods',
  'risks',
  'functions',
  'sql-queries',
] as const;

/** Resources without pages of their own: their list is part of another resource's screen. */
const EMBEDDED: Partial<Record<(typeof FOLDERS)[number], string>> = { functions: 'risks/RiskData.tsx' };

const RESOURCES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src/resources');

/** The names an index exports: its named exports and the keys of its default object. */
function exportedNames(file: string): Set<string> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const names = new Set<string>();
  const exported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const node of source.statements) {
    if (ts.isExportAssignment(node) && !node.isExportEquals && ts.isObjectLiteralExpression(node.expression)) {
      for (const p of node.expression.properties) if (p.name && ts.isIdentifier(p.name)) names.add(p.name.text);
    } else if (ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) {
      for (const e of node.exportClause.elements) names.add(e.name.text);
    } else if (ts.isVariableStatement(node) && exported(node)) {
      for (const d of node.declarationList.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text);
    } else if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) && exported(node) && node.name) {
      names.add(node.name.text);
    }
  }
  return names;
}

const toc = readFileSync(path.join(RESOURCES_DIR, 'index.tsx'), 'utf8');

describe('resource folders (issue 14)', () => {
  it.each(FOLDERS)('%s has an index exporting list and icon, loaded by the table of contents', (name) => {
    const index = ['index.tsx', 'index.ts'].map((f) => path.join(RESOURCES_DIR, name, f)).find((f) => existsSync(f));
    expect(index, `src/resources/${name}/index.ts(x)`).toBeDefined();
    const names = exportedNames(index!);
    expect(names).toContain('list');
    expect(names).toContain('icon');
    const host = EMBEDDED[name];
    if (host) expect(readFileSync(path.join(RESOURCES_DIR, host), 'utf8')).toMatch(new RegExp(`from '\\.\\./${name}/`));
    else expect(toc).toMatch(new RegExp(`(import\\(|from )'\\./${name}/index\\.tsx?'`));
  });

  it('no resource is left as a flat file beside the folders', () => {
    for (const name of FOLDERS) for (const ext of ['.ts', '.tsx']) expect(existsSync(path.join(RESOURCES_DIR, name + ext)), name + ext).toBe(false);
  });

  it('no screen keeps the hand-rolled list (PagedTable, apiList) or its own simple-rest parsing', () => {
    const SRC = path.resolve(RESOURCES_DIR, '..');
    const offenders = (readdirSync(SRC, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f))
      .filter((f) => /\b(PagedTable|apiList|listQuery|parseContentRange)\b/.test(readFileSync(path.join(SRC, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  // After two conversions were merged (issue 14): one list machinery for the lists inside
  // screens, one typed hook for the data provider's own methods, files moved only by its actions.
  it.each([
    ['a list inside a screen', /\b(useListController|ListBase)\b/, ['resources/common/ListFrame.tsx']],
    ['the typed data provider hook', /useDataProvider</, ['providers/useSegraDataProvider.ts']],
    ['file transfer', /file-transfer\.ts'/, ['providers/dataProvider.ts']],
  ])('only one file builds %s', (_what, pattern, owners) => {
    const SRC = path.resolve(RESOURCES_DIR, '..');
    const users = (readdirSync(SRC, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f))
      .filter((f) => pattern.test(readFileSync(path.join(SRC, f), 'utf8')))
      .map((f) => f.split(path.sep).join('/'));
    expect(users).toEqual(owners);
  });
});
