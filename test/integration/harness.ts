// Shared by the extension-host suites: the emulator, the extension's API, scripted prompt answers.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { LivepeerApi } from '../../src/extension';
import type { PromptRequest } from '../../src/ui/common/prompts';
import { startEmulator, type Emulator } from '../emulator';

export const TOKEN = 'lp-test-token-5c1d2e9b';
export const EXTENSION_ID = 'livepeer-studio-tools.livepeer-studio';

export let emulator: Emulator;
export let api: LivepeerApi;

/** Everything the extension asked or announced, in order (non-modal notifications included). */
export const asked: PromptRequest[] = [];
let script: Array<(request: PromptRequest) => unknown> = [];
/** Actions to click on the next notification whose text matches (see clickNotification). */
let clicks: Array<{ pattern: RegExp; action: string }> = [];

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
  const extension = vscode.extensions.getExtension<LivepeerApi | undefined>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not installed in the test host`);
  const started = performance.now();
  api = (await extension.activate()) ?? assert.fail('the extension exposed no test hooks: run the suites through test/host/runInHost.js, which sets LIVEPEER_TEST_HOOKS=1');
  console.log(`activation: ${(performance.now() - started).toFixed(0)} ms from activate() call (bundle load + activate); see "activated in" in the log for activate() alone`);
  api.prompts.responder = (request) => {
    asked.push(request);
    // Notifications are recorded and left unanswered, like a person ignoring a toast, unless a click was scripted.
    // Progress notifications run on their own; a test may cancel one (see lastProgress).
    if (request.kind === 'progress') return undefined;
    if (request.kind === 'message' && !request.modal) {
      const click = clicks.find((c) => c.pattern.test(request.message));
      clicks = clicks.filter((c) => c !== click);
      return click?.action;
    }
    const next = script.shift();
    assert.ok(next, `unexpected prompt: ${JSON.stringify(request)}`);
    return next(request);
  };
}

export async function stopHarness(): Promise<void> {
  await emulator?.close();
}

/** Answers the next prompts in order; each answer sees the request (to assert on it) and returns the reply. */
export function answer(...replies: Array<(request: PromptRequest) => unknown>): void {
  script.push(...replies);
}

/** Clicks `action` on the next notification whose text matches `pattern`. */
export function clickNotification(pattern: RegExp, action: string): void {
  clicks.push({ pattern, action });
}

export function assertAllAnswered(): void {
  const left = script.length + clicks.length;
  script = [];
  clicks = [];
  assert.equal(left, 0, `${left} scripted answer(s) or click(s) were not asked for`);
}

/** The latest notification whose text matches. */
export function lastMessage(pattern: RegExp): Extract<PromptRequest, { kind: 'message' }> | undefined {
  return asked.filter((r): r is Extract<PromptRequest, { kind: 'message' }> => r.kind === 'message' && pattern.test(r.message)).at(-1);
}

/** The latest progress notification whose title matches, among those shown since `asked[since]`. */
export function lastProgress(pattern: RegExp, since = 0): Extract<PromptRequest, { kind: 'progress' }> | undefined {
  return asked
    .slice(since)
    .filter((r): r is Extract<PromptRequest, { kind: 'progress' }> => r.kind === 'progress' && pattern.test(r.title))
    .at(-1);
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
  await vscode.commands.executeCommand('livepeer.setToken', TOKEN);
  assert.ok(api.session.hasToken);
}

/** Labels of a tree's top-level items. */
export async function labels(provider: vscode.TreeDataProvider<vscode.TreeItem>): Promise<string[]> {
  const items = (await provider.getChildren()) ?? [];
  return items.map((item) => String(item.label));
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
