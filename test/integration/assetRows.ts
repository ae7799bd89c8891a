// The Assets and Tasks views as a person reads and drives them, shared by the asset and task suites.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { answer, emulator, view, type PromptRequest, type Row } from './harness';

/** The asset rows of the Assets view (no Load more…, error or message row). */
export async function assetRows(): Promise<Row[]> {
  return (await view('assets').rows()).filter((row) => String(row.contextValue).startsWith('asset'));
}

export async function assetRow(name: string): Promise<Row> {
  const found = (await assetRows()).find((row) => row.label === name);
  assert.ok(found, `row ${name}`);
  return found;
}

/** The phase a row shows (`asset <phase>[ signed]`). */
export function phaseOf(row: Row): string | undefined {
  return row.contextValue?.split(' ')[1];
}

export function iconOf(row: Row): string {
  return (row.item.iconPath as vscode.ThemeIcon).id;
}

/** What the Assets view's title says next to its name (the search and phase filter in use). */
export function assetsDescription(): string {
  return String(view('assets').tree?.description ?? '');
}

export function assetRequests(method: string, path: RegExp): number {
  return emulator.requests.filter((r) => r.origin === 'api' && r.method === method && path.test(r.url)).length;
}

/** The rows of the Tasks view. */
export function taskRows(): Promise<Row[]> {
  return view('tasks').rows();
}

/** The asset a task row shows when clicked (its command's argument). */
export function assetOfTask(row: Row): string | undefined {
  return row.command?.arguments?.[0] as string | undefined;
}

/** The task id a task row's tooltip says, on hover. */
export async function taskIdOf(row: Row): Promise<string | undefined> {
  return /Task ID: `([^`]+)`/.exec(await row.hover())?.[1];
}

/** Filter Tasks… answered with a phase and a kind ('All' for either: no filter). */
export async function filterTasks(phase = 'All', kind = 'All'): Promise<void> {
  const choose = (label: string) => (request: PromptRequest) => (request as Extract<PromptRequest, { kind: 'pick' }>).items.find((item) => item.label === label);
  answer(choose(phase), choose(kind));
  await vscode.commands.executeCommand('livepeer.tasks.filter');
}

/** Filter Assets… answered with `phase` (all, ready, processing, failed). */
export async function filterPhase(phase: string): Promise<void> {
  answer((request) => ((request as Extract<PromptRequest, { kind: 'pick' }>).items as Array<vscode.QuickPickItem & { value: string }>).find((i) => i.value === phase));
  await vscode.commands.executeCommand('livepeer.assets.filter');
}
