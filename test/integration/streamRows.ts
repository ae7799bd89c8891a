// The Streams view as a person reads and drives it, shared by the streams suites.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { EmulatorStream } from '../emulator';
import { emulator, view, type PromptRequest, type Row } from './harness';

export type Pick = Extract<PromptRequest, { kind: 'pick' }>;

/** The stream rows at the top of the Streams view (with Streams Only off, the session objects too). */
export async function top(): Promise<Row[]> {
  return (await view('streams').rows()).filter((row) => /^stream |^session child$/.test(String(row.contextValue)));
}

export async function row(name: string): Promise<Row> {
  const found = (await top()).find((item) => item.label === name);
  assert.ok(found, `row ${name}`);
  return found;
}

export function children(parent: Row): Promise<Row[]> {
  return view('streams').rows(parent);
}

/** What the Streams view's title says next to its name (the filters and search in use). */
export function streamsDescription(): string {
  return String(view('streams').tree?.description ?? '');
}

/** Refresh in the view's title, as a person clicks it. */
export async function refreshStreams(): Promise<void> {
  await vscode.commands.executeCommand('livepeer.streams.refresh');
}

/** The Filter menu and Clear Search back to the defaults (All Streams, Streams Only, no search), as a person sets them. */
export async function resetStreamFilters(): Promise<void> {
  await vscode.commands.executeCommand('livepeer.streams.filter.all');
  await vscode.commands.executeCommand('livepeer.streams.clearSearch');
  if (/\brecording\b/.test(streamsDescription())) await vscode.commands.executeCommand('livepeer.streams.filter.recordingOnly');
  if (/with sessions/.test(streamsDescription())) await vscode.commands.executeCommand('livepeer.streams.filter.streamsOnly');
  assert.equal(streamsDescription(), '', 'the defaults');
}

export function apiCalls(method: string, pathPattern: RegExp) {
  return emulator.requests.filter((r) => r.origin === 'api' && r.method === method && pathPattern.test(new URL(r.url, 'http://x').pathname));
}

export function lastListQuery(): URLSearchParams {
  const request = apiCalls('GET', /^\/api\/stream$/).at(-1);
  assert.ok(request, 'a stream list request was sent');
  return new URL(request.url, 'http://x').searchParams;
}

/** Picks the item whose label matches, after checking what was offered. */
export function pickLabel(label: string | RegExp, check?: (request: Pick) => void) {
  return (request: PromptRequest) => {
    assert.equal(request.kind, 'pick');
    check?.(request);
    const item = request.items.find((i) => (typeof label === 'string' ? i.label === label : label.test(i.label)));
    assert.ok(item, `no pick item ${String(label)} in ${JSON.stringify(request.items.map((i) => i.label))}`);
    return item;
  };
}

/** Enter on a multi-select step: the ticked items. */
export function keepTicked(request: PromptRequest) {
  assert.equal(request.kind, 'pick');
  return request.items.filter((item) => item.picked);
}

/** Answers a modal confirmation: `action` clicks it, undefined is Escape (the safe default). */
export function confirmWith(action: string | undefined, message: RegExp) {
  return (request: PromptRequest) => {
    assert.equal(request.kind, 'message');
    const modal = request;
    assert.ok(modal.modal, 'a modal confirmation');
    assert.match(modal.message, message);
    assert.notEqual(modal.actions[0], undefined);
    return action;
  };
}

export function clipboard(): Thenable<string> {
  return vscode.env.clipboard.readText();
}

export function streamNamed(name: string): EmulatorStream {
  const stream = [...emulator.store.streams.values()].find((s) => s.name === name && !s.parentId);
  assert.ok(stream, name);
  return stream;
}

export function iconOf(item: Row): string {
  return (item.item.iconPath as vscode.ThemeIcon).id;
}

/** The view/item/context menu entries of package.json. */
export function itemMenus(): Array<{ command: string; when: string; group: string }> {
  const manifest = vscode.extensions.getExtension('livepeer-studio-tools.livepeer-studio')?.packageJSON as { contributes: { menus: Record<string, Array<{ command: string; when: string; group: string }>> } };
  return manifest.contributes.menus['view/item/context'];
}
