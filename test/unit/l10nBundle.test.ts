import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

// l10n/bundle.l10n.json is what a language pack translates: the English of every l10n.t text in
// src/ (the extension, its vscode-free layers and its webviews), exported by the build
// (esbuild.mjs, with @vscode/l10n-dev) and committed. A text added without rebuilding would show in
// English in every language: read here from the source's syntax tree, the same calls the exporter reads.
const root = resolve(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { l10n?: string };

function sources(): string[] {
  return readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => join(root, 'src', file));
}

/** The literal text of each `l10n.t('…', …)` / `vscode.l10n.t('…', …)` call in `text`. */
export function l10nTexts(text: string): string[] {
  const source = ts.createSourceFile('probe.ts', text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 't') {
      const owner = node.expression.expression;
      const isL10n = (ts.isIdentifier(owner) && owner.text === 'l10n') || (ts.isPropertyAccessExpression(owner) && owner.name.text === 'l10n');
      const [first] = node.arguments;
      if (isL10n && first && ts.isStringLiteralLike(first)) found.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('localisation: the bundle a translation starts from', () => {
  it('names its bundle folder in package.json, where VS Code looks for bundle.l10n.<language>.json', () => {
    assert.equal(manifest.l10n, './l10n');
  });

  it('reads the texts of l10n.t calls (the check itself)', () => {
    const probe = "vscode.l10n.t('One {0}', a); l10n.t(`Two`); other.t('Not this'); l10n.t(text);";
    assert.deepEqual(l10nTexts(probe), ['One {0}', 'Two']);
  });

  it('holds every l10n.t text of src/ and nothing else (npm run build writes it: commit l10n/ after a new text)', () => {
    const bundle = JSON.parse(readFileSync(join(root, 'l10n', 'bundle.l10n.json'), 'utf8')) as Record<string, string>;
    const used = new Set(sources().flatMap((file) => l10nTexts(readFileSync(file, 'utf8'))));
    const missing = [...used].filter((text) => !(text in bundle));
    const stale = Object.keys(bundle).filter((text) => !used.has(text));
    assert.deepEqual({ missing, stale }, { missing: [], stale: [] }, 'run npm run build and commit l10n/bundle.l10n.json');
    for (const [text, english] of Object.entries(bundle)) assert.equal(english, text, 'the bundle holds the English as it is in the source');
  });
});
