import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The project's standard (issue 12): files under runtime/ under 200 lines, functions under 80.
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const path = join(dir, f);
    return statSync(path).isDirectory() ? walk(path) : /\.tsx?$/.test(path) ? [path] : [];
  });
const files = walk('runtime');

describe('code shape', () => {
  it('every file under runtime/ is under 200 lines', () => {
    const long = files
      .map((f) => [f, readFileSync(f, 'utf8').trimEnd().split('\n').length] as const)
      .filter(([, n]) => n >= 200);
    expect(long).toEqual([]);
  });

  // Parsing every file takes a second on a quiet machine and several under load (a busy CI
  // machine timed it out at vitest's default 5 s): the bound is not what is tested.
  it('every function under runtime/ is under 80 lines', { timeout: 30_000 }, () => {
    const long: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
      const line = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
      const visit = (node: ts.Node) => {
        if (ts.isFunctionLike(node) && 'body' in node && node.body) {
          const lines = line(node.end) - line(node.getStart()) + 1;
          if (lines >= 80) long.push(`${file}:${line(node.getStart()) + 1} (${lines} lines)`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(long).toEqual([]);
  });
});
