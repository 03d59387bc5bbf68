/**
 * The SQL stores keep a prepared statement (SQLite) or a rewritten text (PostgreSQL) under the
 * statement's text, so a text made anew for every call is hashed whole at every lookup: a GET of
 * one post paid some 13 K of its 300 K instructions for one such text (adapters/sql/seam.ts). This
 * reads the stores' sources and finds every statement whose text is made inside a function from
 * fixed parts only (module constants, the dialect's fragments, literals): each such text belongs
 * in a constant. A text whose shape depends on the call (the columns an update sets, a list's
 * filters) holds a per-call value and is left alone. The check is shown to find such a text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const FOLDERS = ['adapters/sql', 'adapters/sql/tx', 'adapters/sqlite', 'adapters/sqlite/tx', 'adapters/postgres', 'adapters/postgres/tx'];
/** The seams' and connections' methods that take a statement's text first and keep it by that text. */
const STATEMENT_METHODS = new Set(['row', 'rows', 'tuples', 'value', 'column', 'run', 'get', 'all', 'statement', 'query']);
/** What the statements are called on in the stores' code: the seam, the connection's `Sql`. */
const RECEIVERS = new Set(['db', 'sql', 'db.sql', 'this.sql', 'this.#sql']);

/** Whether `node` is the same text at every call: a literal, a module constant (UPPER_CASE) or the dialect's. */
function fixed(node: ts.Expression): boolean {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isNumericLiteral(node)) return true;
  if (ts.isIdentifier(node)) return /^[A-Z][A-Z0-9_]*$/.test(node.text) || node.text === 'd';
  if (ts.isPropertyAccessExpression(node)) return ts.isIdentifier(node.expression) && (node.expression.text === 'd' || node.expression.text === 'dialect');
  if (ts.isCallExpression(node)) {
    // A module's function (`defaultLabel(d, '?', '?')`) or the dialect's (`d.inIds('?')`) of fixed arguments.
    const callee = node.expression;
    return (ts.isIdentifier(callee) || (ts.isPropertyAccessExpression(callee) && fixed(callee))) && node.arguments.every(fixed);
  }
  if (ts.isParenthesizedExpression(node)) return fixed(node.expression);
  return false;
}

/** `file:line` of every statement text made in a function from fixed parts only, in `source`. */
function textsMadePerCall(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node, inFunction: boolean): void => {
    if (
      inFunction &&
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      STATEMENT_METHODS.has(node.expression.name.text) &&
      RECEIVERS.has(node.expression.expression.getText(file))
    ) {
      const text = node.arguments[0];
      if (text !== undefined && ts.isTemplateExpression(text) && text.templateSpans.every((span) => fixed(span.expression))) {
        found.push(`${fileName}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`);
      }
    }
    ts.forEachChild(node, (child) => visit(child, inFunction || ts.isFunctionLike(node)));
  };
  visit(file, false);
  return found;
}

describe('statement texts of the SQL stores', () => {
  const files = FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => `${folder}/${name}`),
  );

  it('reads the stores, the shared SQL and its statements among them', () => {
    expect(files.length).toBeGreaterThan(60);
    expect(files).toContain('adapters/sql/tx/posts.ts');
    expect(files).toContain('adapters/postgres/tx/webhooks.ts');
  });

  it('makes no text of fixed parts anew on each call', () => {
    expect(files.flatMap((file) => textsMadePerCall(file, readFileSync(join(ROOT, file), 'utf8')))).toEqual([]);
  });

  it('finds a text of fixed parts made per call, and leaves one that holds a per-call value', () => {
    const source = `
      const POST_COLUMNS = 'p.id, p.title';
      const POST_BY_ID = \`SELECT \${POST_COLUMNS} FROM fb_posts p WHERE p.id = ?\`;
      export function methods(db, d) {
        return {
          made: (id) => db.tuples(\`SELECT \${POST_COLUMNS} FROM fb_posts p WHERE p.id = ?\`, [id]),
          dialect: (ids) => db.rows(\`SELECT id FROM fb_posts WHERE id \${d.inIds('?')}\`, [ids]),
          label: () => db.value(\`SELECT \${defaultLabel(d, '?', '?')}\`, []),
          kept: (id) => db.tuples(POST_BY_ID, [id]),
          literal: (id) => db.run('DELETE FROM fb_posts WHERE id = ?', [id]),
          shaped: (set, id) => db.row(\`UPDATE fb_posts SET \${set} WHERE id = ?\`, [id]),
        };
      }`;
    expect(textsMadePerCall('example.ts', source)).toEqual(['example.ts:6', 'example.ts:7', 'example.ts:8']);
  });
});
