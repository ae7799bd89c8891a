/*
 * The extension-host harness: how a suite drives and observes the extension as a person would.
 * startHarness() wraps the `vscode` API object the extension uses (capture.ts) before activating it:
 * activate() returns nothing, so a test sees only what VS Code draws and answers what a person would.
 *
 * Account and service
 *   TOKEN, EXTENSION_ID, emulator          the emulator (its store, request log, faults) shared by every suite
 *   client(token?, baseUrl?)               a StudioClient of src/api with TOKEN against the emulator: for
 *                                          arranging and checking the account (its requests are in the log too,
 *                                          with the user agent HARNESS_USER_AGENT)
 *   signIn()                               livepeer.setToken with TOKEN; asserts it was saved
 * Prompts (every dialog, notification and progress the extension shows is a PromptRequest, promptRequest.ts)
 *   asked                                  every request, in order (notifications and progress included)
 *   answer(...replies)                     answers the next input boxes, quick picks, modals, save/open
 *                                          dialogs and openExternal in order; each reply sees the request.
 *                                          A message's reply is an action's title (the item, string or
 *                                          MessageItem, is returned to the product), undefined = dismissed
 *                                          (Escape). A modal's actions are its buttons, the product's safe
 *                                          first one included. An input reply is typed and accepted: the
 *                                          box's validateInput (or the checked box's check) may refuse it,
 *                                          and the next request carries the reason as `rejected`.
 *   clickNotification(pattern, action)     clicks `action` on the next notification whose text matches;
 *                                          other notifications are left alone (their promise: undefined)
 *   lastMessage(pattern), lastProgress(pattern, since?)   the latest matching notification / progress;
 *                                          a progress request's cancel() presses its Cancel, reports[] is
 *                                          what it said (progress notifications really show, too)
 *   assertAllAnswered()                    afterEach: every scripted reply and click was used, and none
 *                                          failed (an assertion in a reply fails the test even when the
 *                                          product caught it as an error of its own)
 *   respondWith(handler, body)             while body runs, handler(request, next) answers first (next =
 *                                          the script); the request is in `asked` already
 *   realDialogs(body)                      while body runs, VS Code's own dialogs show (nothing is recorded)
 * What VS Code draws
 *   view(name)                             'streams' | 'signingKeys' | 'uploads' | 'assets' | 'webhooks' | 'tasks'
 *                                          | 'multistreamTargets' (or the full 'livepeer.…' id): { id, provider,
 *                                          tree, rows(parent?), row(label) }; a Row is what VS Code draws of an
 *                                          element (label, description, tooltip, contextValue, command…) and
 *                                          its `element`, the argument VS Code passes to a row's commands
 *   statusBarItems()                       the extension's status bar items ({ id, item, visible, text })
 *   panels(viewType?)                      webview panels: { viewType, panel, html, posted[], received[],
 *                                          disposed, send(message) (as if the page posted it) }
 *   webviewMessagesFromNow(viewType)       { posted(), received() }: the panels' messages after this call
 *   lmTools                                the language-model tools registered with VS Code, by name
 *   logLines()                             the Livepeer log channel's lines ("[info] …")
 *   captured.outputChannels                every output channel the extension made, by name (to show one)
 *   contextKey(name)                       the value the extension last set for a context key (welcome
 *                                          content and menus show by them), e.g. 'livepeer.hasToken'
 *   resultText(title), shownResult(title, pattern)   the result documents
 * The person (test/host/launch.js): person.press/type/focused/click/fill/text, screenshot(name), hover(text)
 * Helpers: eventually(check, timeoutMs), sleep(ms)
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { StudioClient } from '../../src/api';
import { startEmulator, type Emulator } from '../emulator';
import { answerer, captureWorkbench, captured, type CapturedPanel, type CapturedStatusBarItem } from './capture';
import type { Message, Progress, PromptRequest, Responder } from './promptRequest';

export type { Message, Progress, PromptRequest, Responder } from './promptRequest';
export { captured, type CapturedPanel, type CapturedStatusBarItem } from './capture';

export const TOKEN = 'lp-test-token-5c1d2e9b';
export const EXTENSION_ID = 'livepeer-studio-tools.livepeer-studio';
export const HARNESS_USER_AGENT = 'livepeer-test-harness';

export let emulator: Emulator;

/** Everything the extension asked or announced, in order (non-modal notifications included). */
export const asked: PromptRequest[] = [];
let script: Responder[] = [];
/** Actions to click on the next notification whose text matches (see clickNotification). */
let clicks: Array<{ pattern: RegExp; action: string }> = [];

/** The harness's own answers: the script, or a click on a notification; progress runs on its own. */
const scripted: Responder = (request) => {
  // Notifications are left unanswered, like a person ignoring a toast, unless a click was scripted.
  if (request.kind === 'progress') return undefined;
  if (request.kind === 'message' && !request.modal) {
    const click = clicks.find((c) => c.pattern.test(request.message));
    clicks = clicks.filter((c) => c !== click);
    return click?.action;
  }
  const next = script.shift();
  if (!next) return failed(new assert.AssertionError({ message: `unexpected prompt: ${JSON.stringify(request)}` }));
  try {
    return next(request);
  } catch (error) {
    return failed(error);
  }
};
/** Failures inside the answers: the product may catch them as its own errors, so assertAllAnswered raises them. */
let failures: unknown[] = [];
function failed(error: unknown): never {
  failures.push(error);
  throw error;
}
let responder: (request: PromptRequest, next: Responder) => unknown = (request, next) => next(request);

/** Wraps the `vscode` API (before activation) so the harness answers; the extension must not be active yet. */
export function answerPrompts(): void {
  captureWorkbench();
  answerer.respond = (request) => {
    asked.push(request);
    return responder(request, scripted);
  };
}

export async function startHarness(): Promise<void> {
  // The gate's 120 s key cache and 60 s lastSeen delay, shortened: the extension waits them out the same way.
  // Webhook retries and the status written a minute after a delivery, shortened likewise.
  emulator = await startEmulator({
    tokens: [TOKEN],
    processingDelayMs: 50,
    gateCacheMs: 2000,
    lastSeenDelayMs: 300,
    webhooks: { retryDelayMs: 200, maxRetries: 1, statusDelayMs: 300 },
  });
  await vscode.workspace.getConfiguration('livepeer').update('baseURL', emulator.apiUrl, vscode.ConfigurationTarget.Global);
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not installed in the test host`);
  assert.ok(!extension.isActive, 'the extension activated before the harness could wrap the vscode API');
  answerPrompts();
  const started = performance.now();
  await extension.activate();
  console.log(`activation: ${(performance.now() - started).toFixed(0)} ms from activate() call (bundle load + activate); see "activated in" in the log for activate() alone`);
}

export async function stopHarness(): Promise<void> {
  await clients.splice(0).reduce((done, made) => done.then(() => made.close()), Promise.resolve());
  await emulator?.close();
}

/** Answers the next prompts in order; each answer sees the request (to assert on it) and returns the reply. */
export function answer(...replies: Responder[]): void {
  script.push(...replies);
}

/** Clicks `action` on the next notification whose text matches `pattern`. */
export function clickNotification(pattern: RegExp, action: string): void {
  clicks.push({ pattern, action });
}

export function assertAllAnswered(): void {
  const left = script.length + clicks.length;
  const raised = failures;
  script = [];
  clicks = [];
  failures = [];
  if (raised.length > 0) throw raised[0];
  assert.equal(left, 0, `${left} scripted answer(s) or click(s) were not asked for`);
}

/** While `body` runs, `handler` answers first; `next(request)` gives the usual answer (the script, a click). */
export async function respondWith<T>(handler: (request: PromptRequest, next: Responder) => unknown, body: () => Promise<T>): Promise<T> {
  const before = responder;
  responder = (request, next) => handler(request, (r) => before(r, next));
  try {
    return await body();
  } finally {
    responder = before;
  }
}

/** While `body` runs, VS Code's own dialogs show instead of the scripted answers (the test drives them through `person`). */
export async function realDialogs<T>(body: () => Promise<T>): Promise<T> {
  const before = answerer.respond;
  answerer.respond = undefined;
  try {
    return await body();
  } finally {
    answerer.respond = before;
  }
}

/** The latest notification whose text matches. */
export function lastMessage(pattern: RegExp): Message | undefined {
  return asked.filter((r): r is Message => r.kind === 'message' && pattern.test(r.message)).at(-1);
}

/** The latest progress notification whose title matches, among those shown since `asked[since]`. */
export function lastProgress(pattern: RegExp, since = 0): Progress | undefined {
  return asked
    .slice(since)
    .filter((r): r is Progress => r.kind === 'progress' && pattern.test(r.title))
    .at(-1);
}

/** What VS Code draws of one tree element. */
export interface Row {
  /** The element: what VS Code passes to the row's context-menu and inline commands. */
  element: unknown;
  item: vscode.TreeItem;
  label: string;
  description: string;
  /** The tooltip as set on the item (see hover() for one resolved on hover). */
  tooltip: string;
  contextValue: string | undefined;
  command: vscode.Command | undefined;
  collapsible: boolean;
  /** The tooltip VS Code shows on hover: resolved through the provider's resolveTreeItem when the item has none. */
  hover(): Promise<string>;
}

export interface View {
  id: string;
  provider: vscode.TreeDataProvider<unknown>;
  tree: vscode.TreeView<unknown> | undefined;
  /** The rows under `parent` (the top level when omitted), through getChildren and getTreeItem. */
  rows(parent?: Row  ): Promise<Row[]>;
  /** The first top-level (or `parent`'s) row whose label matches; fails when there is none. */
  row(label: RegExp | string, parent?: Row): Promise<Row>;
}

export type ViewName = 'streams' | 'signingKeys' | 'uploads' | 'assets' | 'webhooks' | 'tasks' | 'multistreamTargets';

/** A view of the extension's, as VS Code sees it. */
export function view(name: ViewName | `livepeer.${string}`): View {
  const id = name.startsWith('livepeer.') ? name : `livepeer.${name}`;
  const shown = captured.views.get(id) ?? assert.fail(`no view ${id} was created (views: ${[...captured.views.keys()].join(', ')})`);
  const { provider } = shown;
  const rows = async (parent?: Row) => {
    const elements = (await provider.getChildren(parent?.element)) ?? [];
    return Promise.all(elements.map(async (element) => drawn(provider, element, await provider.getTreeItem(element))));
  };
  return {
    id,
    provider,
    tree: shown.tree,
    rows,
    async row(label, parent) {
      const all = await rows(parent);
      const matches = (text: string) => (typeof label === 'string' ? text === label : label.test(text));
      return all.find((row) => matches(row.label)) ?? assert.fail(`no row ${String(label)} in ${id}: ${JSON.stringify(all.map((r) => r.label))}`);
    },
  };
}

function drawn(provider: vscode.TreeDataProvider<unknown>, element: unknown, item: vscode.TreeItem): Row {
  const text = (value: string | vscode.MarkdownString | undefined) => (typeof value === 'string' ? value : (value?.value ?? ''));
  return {
    element,
    item,
    label: typeof item.label === 'string' ? item.label : (item.label?.label ?? ''),
    description: typeof item.description === 'string' ? item.description : '',
    tooltip: text(item.tooltip),
    contextValue: item.contextValue,
    command: item.command,
    collapsible: (item.collapsibleState ?? vscode.TreeItemCollapsibleState.None) !== vscode.TreeItemCollapsibleState.None,
    async hover() {
      if (item.tooltip !== undefined || !provider.resolveTreeItem) return text(item.tooltip);
      const source = new vscode.CancellationTokenSource();
      try {
        return text((await provider.resolveTreeItem(item, element, source.token))?.tooltip ?? item.tooltip);
      } finally {
        source.dispose();
      }
    },
  };
}

/** The extension's status bar items with what they show now. */
export function statusBarItems(): Array<CapturedStatusBarItem & { text: string; tooltip: string }> {
  return captured.statusBarItems.map((entry) => {
    const tooltip = entry.item.tooltip;
    return { ...entry, text: entry.item.text, tooltip: typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? '') };
  });
}

/** The webview panels the extension opened (those of `viewType` only, e.g. 'livepeer.player'), oldest first. */
export function panels(viewType?: string): CapturedPanel[] {
  return captured.panels.filter((panel) => viewType === undefined || panel.viewType === viewType);
}

/** The messages of `viewType`'s panels from now on (panels opened later included): what the extension posted, what the pages sent. */
export function webviewMessagesFromNow(viewType: string): { posted(): unknown[]; received(): unknown[] } {
  const marks = new Map(panels(viewType).map((panel) => [panel, { posted: panel.posted.length, received: panel.received.length }]));
  const since = (kind: 'posted' | 'received') => panels(viewType).flatMap((panel) => panel[kind].slice(marks.get(panel)?.[kind] ?? 0));
  return { posted: () => since('posted'), received: () => since('received') };
}

/** The language-model tools the extension registered, by name (what VS Code's chat would call). */
export const lmTools = captured.lmTools;

/** The lines written to another output channel of the extension's (e.g. 'Livepeer Forwarding'), in order. */
export function channelLines(name: string): string[] {
  return [...(captured.channels.get(name) ?? [])];
}

/** The drag-and-drop controller of a view, what VS Code calls when files are dropped on it. */
export function dragAndDrop(name: ViewName): vscode.TreeDragAndDropController<unknown> | undefined {
  return captured.views.get(`livepeer.${name}`)?.dragAndDrop;
}

/** The lines written to the Livepeer log channel, in order. */
export function logLines(): string[] {
  return [...captured.logLines];
}

/** The value the extension last gave the context key `name` (setContext); undefined when never set. */
export function contextKey(name: string): unknown {
  return captured.contextKeys.get(name);
}

const clients: StudioClient[] = [];

/** A client of the Studio API with TOKEN (or `token`) against the emulator (or `baseUrl`), closed by stopHarness. */
export function client(token = TOKEN, baseUrl = emulator.apiUrl): StudioClient {
  const made = new StudioClient({ baseUrl, getToken: () => token, userAgent: HARNESS_USER_AGENT });
  clients.push(made);
  return made;
}

/** The text of the open result document (see ResultDocuments) whose title matches; undefined when none is open. */
export function resultText(title: RegExp): string | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'livepeer-result' && title.test(decodeURIComponent(d.uri.path)))?.getText();
}

/** Waits until the result document titled `title` (the whole title) says `pattern`; resolves with its text. */
export function shownResult(title: string, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  return eventually(() => {
    const text = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'livepeer-result' && d.uri.path === `/${title}.md`)?.getText() ?? '';
    assert.match(text, pattern);
    return text;
  }, timeoutMs);
}

export async function signIn(): Promise<void> {
  assert.equal(await vscode.commands.executeCommand('livepeer.setToken', TOKEN), true, 'the token was not saved');
}

/** Asks the test host's launcher to screenshot the workbench (see test/host/README.md). */
export async function screenshot(name: string): Promise<string> {
  const control = process.env.LIVEPEER_TEST_CONTROL_URL;
  const dir = process.env.LIVEPEER_SCREENSHOT_DIR;
  assert.ok(control && dir, 'run through test/runExtensionTests so screenshots can be taken');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  const response = await fetch(`${control}/screenshot?path=${encodeURIComponent(path)}`, { method: 'POST' });
  assert.equal(response.status, 200, `screenshot failed: ${await response.text()}`);
  return path;
}

/** Asks the test host's launcher to rest the pointer on the first tree row showing `text` (its tooltip opens). */
export async function hover(text: string): Promise<void> {
  const control = process.env.LIVEPEER_TEST_CONTROL_URL;
  assert.ok(control, 'run through test/runExtensionTests so the pointer can be moved');
  const response = await fetch(`${control}/hover?text=${encodeURIComponent(text)}`, { method: 'POST' });
  assert.equal(response.status, 200, `hover failed: ${await response.text()}`);
}

/** Rests the pointer on the row showing `text` and waits until its tooltip shows `selector` (its text, a picture). */
export async function hoverUntil(text: string, selector: string, shows: RegExp = /[^]*/): Promise<void> {
  await hover(text);
  await eventually(async () => assert.match((await person.text(selector ? `.monaco-hover ${selector}` : '.monaco-hover')) ?? '(none)', shows), 15_000);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls until `check` passes (views and status polling settle asynchronously). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await sleep(50);
    }
  }
}

/** The test host's keyboard and eyes (see test/host/launch.js): for UI only a person can answer, such as modals. */
export const person = {
  async press(key: string): Promise<void> {
    await control('POST', `/press?key=${encodeURIComponent(key)}`);
  },
  async type(text: string): Promise<void> {
    await control('POST', `/type?text=${encodeURIComponent(text)}`);
  },
  /** Text of the focused element (a modal's focused button says its label). */
  focused(): Promise<string> {
    return control('GET', '/focused');
  },
  /** Clicks the button labelled `text` in an extension's webview, as a person would. */
  async click(text: string): Promise<void> {
    await control('POST', `/webview-click?text=${encodeURIComponent(text)}`);
  },
  /** Types `value` into the webview field labelled `label`. */
  async fill(label: string, value: string): Promise<void> {
    await control('POST', `/webview-fill?label=${encodeURIComponent(label)}&value=${encodeURIComponent(value)}`);
  },
  /** innerText of the first element matching `selector`; undefined when there is none. */
  async text(selector: string): Promise<string | undefined> {
    return control('GET', `/text?selector=${encodeURIComponent(selector)}`).catch(() => undefined);
  },
};

async function control(method: string, path: string): Promise<string> {
  const url = process.env.LIVEPEER_TEST_CONTROL_URL;
  assert.ok(url, 'run through test/runExtensionTests so the host can be controlled');
  const response = await fetch(`${url}${path}`, { method });
  const text = await response.text();
  assert.equal(response.status, 200, `${path}: ${text}`);
  return text;
}
