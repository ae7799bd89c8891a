import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

// Every text src/ui shows goes through vscode.l10n.t (or arrives in a variable that did): read from
// the source's syntax tree, where a message, a prompt, a picker's title or items, a row's label,
// description or tooltip, or a status bar text is given as a literal with words in it.
const root = resolve(__dirname, '..', '..', '..');
const ui = join(root, 'src', 'ui');

/** Calls whose arguments a person reads (buttons included). */
const SHOWN_CALLS = new Set(['copyToClipboard', 'showInformationMessage', 'showWarningMessage', 'showErrorMessage', 'setStatusBarMessage', 'progress', 'confirm', 'appendMarkdown', 'appendText']);
/** Properties a person reads, as `{ name: … }` or `x.name = …`. */
const SHOWN_PROPERTIES = new Set(['title', 'placeHolder', 'prompt', 'label', 'description', 'detail', 'tooltip', 'message', 'text', 'openLabel', 'saveLabel', 'safeLabel']);
/** Constructors whose first argument a person reads. */
const SHOWN_CONSTRUCTORS = new Set(['TreeItem', 'MarkdownString']);

export function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'webview' ? [] : sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** A literal's own text has words when, without codicons ($(sync~spin)) and substitutions, two letters stand together. */
function hasWords(text: string): boolean {
  return /\p{L}{2,}/u.test(text.replace(/\$\([\w~-]+\)/g, ''));
}

/** The literal texts an expression shows as they are: through a ternary, ??, || or +, but never into a call (l10n.t) or a variable. */
function plainTexts(expr: ts.Expression): string[] {
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [expr.text];
  if (ts.isTemplateExpression(expr)) return [expr.head.text, ...expr.templateSpans.map((span) => span.literal.text)];
  if (ts.isParenthesizedExpression(expr)) return plainTexts(expr.expression);
  if (ts.isConditionalExpression(expr)) return [...plainTexts(expr.whenTrue), ...plainTexts(expr.whenFalse)];
  if (ts.isBinaryExpression(expr) && [ts.SyntaxKind.PlusToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(expr.operatorToken.kind)) {
    return [...plainTexts(expr.left), ...plainTexts(expr.right)];
  }
  return [];
}

function nameOf(expr: ts.Expression): string {
  if (ts.isIdentifier(expr)) return expr.text;
  if (ts.isPropertyAccessExpression(expr)) return expr.name.text;
  return '';
}

/** What a person would read in `file` as plain text: `file:line: text`. */
function plainStrings(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const check = (expr: ts.Expression | undefined) => {
    if (!expr) return;
    for (const text of plainTexts(expr).filter(hasWords)) {
      const line = source.getLineAndCharacterOfPosition(expr.getStart(source)).line + 1;
      found.push(`${relative(root, file)}:${line}: ${text}`);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const name = nameOf(node.expression);
      if (SHOWN_CALLS.has(name)) node.arguments.forEach(check);
      // Prompts.message(severity, text, options, ...buttons)
      const [severity, text, , ...buttons] = node.arguments;
      if (name === 'message' && severity && ts.isStringLiteral(severity) && ['info', 'warning', 'error'].includes(severity.text)) [text, ...buttons].forEach(check);
      if (node.expression.kind === ts.SyntaxKind.SuperKeyword) check(node.arguments[0]);
    }
    if (ts.isNewExpression(node) && SHOWN_CONSTRUCTORS.has(nameOf(node.expression))) check(node.arguments?.[0]);
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) {
      if (SHOWN_PROPERTIES.has(node.name.text)) check(node.initializer);
      // validateInput: (value) => reason shown under the box
      if (node.name.text === 'validateInput' && ts.isArrowFunction(node.initializer) && !ts.isBlock(node.initializer.body)) check(node.initializer.body);
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && SHOWN_PROPERTIES.has(node.left.name.text)) {
      check(node.right);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * l10n.t calls whose text cannot be translated or filled in: a text that is not a literal (the
 * translation bundle is keyed by the literal), or {n} placeholders that do not match the arguments
 * given after it (a missing one shows as "{1}", an extra argument is lost).
 */
function badL10nCalls(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 't' && nameOf(node.expression.expression) === 'l10n') {
      const [text, ...args] = node.arguments;
      const where = `${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
      if (!text || !ts.isStringLiteralLike(text)) found.push(`${where}: not a literal`);
      else if (!(args.length === 1 && ts.isObjectLiteralExpression(args[0]))) {
        const used = new Set([...text.text.matchAll(/\{(\d+)\}/g)].map((match) => Number(match[1])));
        const expected = Array.from({ length: args.length }, (_, index) => index);
        if (used.size !== args.length || expected.some((index) => !used.has(index))) found.push(`${where}: ${args.length} argument(s) for ${text.text}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const COMPARISONS = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken]);
const isL10nCall = (expr: ts.Expression): boolean =>
  ts.isCallExpression(expr) && ts.isPropertyAccessExpression(expr.expression) && expr.expression.name.text === 't' && nameOf(expr.expression.expression) === 'l10n';

/**
 * Comparisons that tell a choice apart by its words: with a localised text (an l10n.t call, or a
 * name given one), or with a button's `.title`. Buttons are Action objects (common/actions.ts),
 * compared as objects, so a translation cannot change what a button does.
 */
function labelComparisons(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const labels = new Set<string>();
  const found: string[] = [];
  const isLabel = (expr: ts.Expression): boolean => {
    while (ts.isParenthesizedExpression(expr)) expr = expr.expression;
    return isL10nCall(expr) || (ts.isIdentifier(expr) && labels.has(expr.text)) || (ts.isPropertyAccessExpression(expr) && expr.name.text === 'title');
  };
  const collect = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && isL10nCall(node.initializer)) labels.add(node.name.text);
    ts.forEachChild(node, collect);
  };
  const visit = (node: ts.Node) => {
    const where = () => `${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${node.getText(source)}`;
    if (ts.isBinaryExpression(node) && COMPARISONS.has(node.operatorToken.kind) && (isLabel(node.left) || isLabel(node.right))) found.push(where());
    if (ts.isCaseClause(node) && isLabel(node.expression)) found.push(where());
    ts.forEachChild(node, visit);
  };
  collect(source);
  visit(source);
  return found;
}

/**
 * English words handed to a localised template: an l10n.t argument after the text that is itself a
 * literal with words (or a template literal), so a translation would show them in English, spliced
 * into its own grammar. Each case is a whole sentence with its own template instead.
 */
function fragmentArguments(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && isL10nCall(node)) {
      for (const arg of node.arguments.slice(1)) {
        if (plainTexts(arg).some(hasWords)) found.push(`${relative(root, file)}:${source.getLineAndCharacterOfPosition(arg.getStart(source)).line + 1}: ${arg.getText(source)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The webviews' scripts (`src/ui/<feature>/webview/*.ts`), which build their pages in the browser. */
function pageSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) return [];
    return name === 'webview' ? readdirSync(path).filter((file) => file.endsWith('.ts')).map((file) => join(path, file)) : pageSources(path);
  });
}

/**
 * What a webview page shows as plain text: its status line (`say`), a `textContent` or a `detail`
 * set from a literal, an `aria-label`/`title` attribute, the text between the tags of the HTML it
 * inserts. Its words go through `l10n.t` of @vscode/l10n, given VS Code's bundle by the extension.
 */
function pageStrings(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const check = (expr: ts.Expression | undefined, strip = (text: string) => text) => {
    if (!expr) return;
    for (const text of plainTexts(expr).map(strip).filter(hasWords)) found.push(`${relative(root, file)}:${source.getLineAndCharacterOfPosition(expr.getStart(source)).line + 1}: ${text.trim()}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const name = nameOf(node.expression);
      const [first, second] = node.arguments;
      if (name === 'say') check(first);
      if (name === 'setAttribute' && first && ts.isStringLiteral(first) && ['aria-label', 'title'].includes(first.text)) check(second);
      if (name === 'insertAdjacentHTML') check(second, (html) => html.replace(/<[^>]*>/g, ' '));
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && node.left.name.text === 'textContent') check(node.right);
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'detail') check(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The vscode-free layers: their error messages and the changes a tool asks to confirm are read by people. */
export const LAYERS = ['api', 'operations', 'upload', 'download', 'profiles', 'tools', 'mcp'].map((layer) => join(root, 'src', layer));
/** Errors a person never reads: a broken invariant of the code itself, named by its class, or a code (PROXY_TUNNEL_CLOSED) the message is made from. */
const DEVELOPER_ONLY = /^(DiskFileReader|TusUrlStorage|UndiciHttpStack): |^resume must not request a new upload$|^[A-Z_]+$|^refused: $/;

/**
 * Plain English a person reads from a vscode-free layer: the message of an error it makes
 * (`new StudioApiError(kind, message)`, `StudioApiError.config(message)`, `new …Error(message)`) or
 * the change a tool asks to confirm (`describeChange`), given as a literal with words instead of
 * through `l10n.t` of @vscode/l10n.
 */
/** plainTexts, and the words of what a template literal puts in its gaps (`${kept ? 'resume it' : 'upload again'}`). */
function deepTexts(expr: ts.Expression): string[] {
  const inner = (node: ts.Expression): ts.Expression[] => {
    if (ts.isParenthesizedExpression(node)) return inner(node.expression);
    if (ts.isConditionalExpression(node)) return [...inner(node.whenTrue), ...inner(node.whenFalse)];
    if (ts.isBinaryExpression(node)) return [...inner(node.left), ...inner(node.right)];
    return ts.isTemplateExpression(node) ? node.templateSpans.map((span) => span.expression) : [];
  };
  return [...plainTexts(expr), ...inner(expr).flatMap(deepTexts)];
}

/** The expressions a function body returns, not those of the functions inside it. */
function returnsOf(body: ts.Block): ts.Expression[] {
  const found: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node) && node.expression) found.push(node.expression);
    if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return found;
}

export function layerStrings(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const check = (expr: ts.Expression | undefined) => {
    if (!expr) return;
    const texts = deepTexts(expr).filter(hasWords);
    if (texts.some((text) => DEVELOPER_ONLY.test(text))) return;
    for (const text of texts) found.push(`${relative(root, file)}:${source.getLineAndCharacterOfPosition(expr.getStart(source)).line + 1}: ${text.trim()}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && /Error$/.test(nameOf(node.expression)) && nameOf(node.expression) !== 'TypeError') {
      check(node.arguments?.[nameOf(node.expression) === 'StudioApiError' ? 1 : 0]);
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && nameOf(node.expression.expression) === 'StudioApiError') check(node.arguments[0]);
    // The message an error class hands its base: `super('config', message)`.
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword) node.arguments.filter((arg) => !(ts.isStringLiteral(arg) && /^[a-z-]+$/.test(arg.text))).forEach(check);
    if (ts.isFunctionDeclaration(node) && node.body && /(Problem|Reason|Words|Text|Advice)$/.test(node.name?.text ?? '')) returnsOf(node.body).forEach(check);
    if (ts.isMethodDeclaration(node) && node.body && ts.isIdentifier(node.name) && node.name.text === 'describeChange') returnsOf(node.body).forEach(check);
    // A reason handed on in an answer ({ ok: false, reason }), not a code ('pin not found'): a sentence of four words or more.
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && ['reason', 'why', 'message', 'advice'].includes(node.name.text) && /(\p{L}+\W+){3}\p{L}/u.test(deepTexts(node.initializer).join(' '))) {
      check(node.initializer);
    }
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'describeChange' && ts.isArrowFunction(node.initializer)) {
      const body = node.initializer.body;
      if (ts.isBlock(body)) body.statements.forEach((statement) => ts.isReturnStatement(statement) && check(statement.expression));
      else check(body);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('localisation: the texts src/ui shows', () => {
  it('finds a plain text where it is shown (the check itself)', () => {
    const probe = join(root, 'out', 'l10n-probe.ts');
    const text = [
      "void vscode.window.showWarningMessage('Livepeer: plain');",
      "item.tooltip = `Updated ${when}`;",
      "const pick = { label: vscode.l10n.t('Fine'), description: done ? 'ready' : vscode.l10n.t('busy') };",
      "void prompts.message('info', vscode.l10n.t('Fine {0}', name), {}, 'Open');",
      "const bar = { text: '$(sync~spin) 3', tooltip: label };",
    ].join('\n');
    ts.sys.writeFile(probe, text);
    const found = plainStrings(probe).map((line) => line.replace(/^[^:]*:/, ''));
    assert.deepEqual(found, ['1: Livepeer: plain', '2: Updated ', '3: ready', '4: Open']);
  });

  it('finds a plain text a webview page shows (the check itself)', () => {
    const probe = join(root, 'out', 'l10n-page-probe.ts');
    const text = [
      "say('Loading…');",
      "bar.insertAdjacentHTML('beforeend', '<button id=\"a\">Mark In</button><span id=\"b\"></span>');",
      'total.textContent = `(${sum} in all)`;',
      "chart.setAttribute('aria-label', 'Views per day');",
      "vscode.postMessage({ type: 'failed', detail: `media error ${code}` });",
      "say(l10n.t('Live')); total.textContent = `(${text})`; chart.setAttribute('role', 'img');",
    ].join('\n');
    ts.sys.writeFile(probe, text);
    assert.deepEqual(
      pageStrings(probe).map((line) => line.replace(/^[^:]*:/, '')),
      ['1: Loading…', '2: Mark In', '3: in all)', '4: Views per day', '5: media error'],
    );
  });

  it('shows no plain text in the webview pages: their words come from the same bundle (l10n.t)', () => {
    const pages = pageSources(ui);
    assert.ok(pages.some((file) => file.endsWith('playerScript.ts')), 'the player page is read');
    assert.deepEqual(pages.flatMap(pageStrings), [], 'wrap these in l10n.t of @vscode/l10n (see src/ui/player/webview/pageL10n.ts)');
    assert.deepEqual(pages.flatMap(badL10nCalls), []);
  });

  it('finds an l10n.t call whose placeholders and arguments differ (the check itself)', () => {
    const probe = join(root, 'out', 'l10n-args-probe.ts');
    ts.sys.writeFile(probe, ["vscode.l10n.t('Fine {0}', name);", "vscode.l10n.t('{0} of {1}', done);", 'vscode.l10n.t(text);', "vscode.l10n.t('{0}', { a });"].join('\n'));
    assert.deepEqual(
      badL10nCalls(probe).map((line) => line.replace(/^[^:]*:/, '')),
      ['2: 1 argument(s) for {0} of {1}', '3: not a literal'],
    );
  });

  it('fills every placeholder of every l10n.t text, each from its own argument', () => {
    assert.deepEqual(sources(ui).flatMap(badL10nCalls), []);
  });

  it('shows no plain text: messages, prompts, pickers, rows and status bar texts go through vscode.l10n.t', () => {
    const found = sources(ui).flatMap(plainStrings);
    assert.deepEqual(found, [], 'wrap these in vscode.l10n.t (a string literal with {0} placeholders)');
  });

  it('finds a choice told apart by its words (the check itself)', () => {
    const probe = join(root, 'out', 'l10n-label-probe.ts');
    const text = [
      "if (choice === vscode.l10n.t('Retry')) retry();",
      "const keep = l10n.t('Keep');",
      'if (answer !== keep) return;',
      "if (picked.title === 'Delete') remove();",
      'if (choice === RETRY) retry();',
    ].join('\n');
    ts.sys.writeFile(probe, text);
    assert.deepEqual(
      labelComparisons(probe).map((line) => line.replace(/^[^:]*:/, '').replace(/:.*/, '')),
      ['1', '3', '4'],
    );
  });

  it('tells no button apart by its label: an action is compared as the object offered', () => {
    assert.deepEqual(sources(ui).flatMap(labelComparisons), []);
  });

  it('finds English words handed to a localised template (the check itself)', () => {
    const probe = join(root, 'out', 'l10n-fragment-probe.ts');
    const text = [
      "vscode.l10n.t('Could not {0}: {1}', 'create the key', reason);",
      "l10n.t('{0} copied', done ? 'token' : 'URL');",
      "l10n.t('Copied {0}', `${label} (signed)`);",
      "vscode.l10n.t('Livepeer: creating the key: {0}', reason);",
    ].join('\n');
    ts.sys.writeFile(probe, text);
    assert.deepEqual(
      fragmentArguments(probe).map((line) => line.replace(/^[^:]*:/, '').replace(/:.*/, '')),
      ['1', '2', '3'],
    );
  });

  it('hands no English words to a localised template, in src/ui and the vscode-free layers', () => {
    assert.deepEqual([ui, ...LAYERS].flatMap(sources).flatMap(fragmentArguments), [], 'a whole sentence with its own l10n.t template for each case');
  });

  it('finds plain English an error or a change to confirm says, in a vscode-free layer (the check itself)', () => {
    const probe = join(root, 'out', 'l10n-layer-probe.ts');
    const text = [
      "throw new StudioApiError('server', `the service answered ${what}: try again later`, context);",
      "return StudioApiError.config('no API token set');",
      "throw new DownloadError(done ? 'the connection closed' : l10n.t('the server answered {0}', status), 0);",
      "const tool = { describeChange: (input) => `create the stream ${input.name}` };",
      "throw new StudioApiError('server', l10n.t('the service answered {0}: try again later', what)); throw new TypeError('not a file');",
      "throw new Error('TusUrlStorage: no upload context set'); throw new Error(reason);",
      "throw new StudioApiError('config', `${error.message}: ${kept ? 'the upload is kept' : ''}`);",
    ].join('\n');
    ts.sys.writeFile(probe, text);
    assert.deepEqual(
      layerStrings(probe).map((line) => line.replace(/^[^:]*:/, '')),
      ['1: the service answered', '1: : try again later', '2: no API token set', '3: the connection closed', '4: create the stream', '7: the upload is kept'],
    );
  });

  it('says the errors and the changes to confirm of the vscode-free layers through l10n.t, whole sentences', () => {
    // What a tool's input lacks, and how to ask for a result that was cut, is told to the model (as its tool descriptions are, in English).
    const FOR_THE_MODEL = ['input.ts', 'safeResult.ts'].map((file) => join(root, 'src', 'tools', file));
    const files = LAYERS.flatMap(sources).filter((file) => !FOR_THE_MODEL.includes(file));
    assert.deepEqual(files.flatMap(layerStrings), [], 'l10n.t of @vscode/l10n, a string literal with {0} placeholders, a whole sentence per case');
    assert.deepEqual(files.flatMap(badL10nCalls), []);
  });
});

