// Shared by the Profiles suites (8_profiles, 8b_editProfile): the current profile as the status bar
// shows it, and profiles added and removed through their commands, as a person does.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { answer, assertAllAnswered, eventually, statusBarItems, view, type PromptRequest } from './harness';

type Input = Extract<PromptRequest, { kind: 'input' }>;
type Pick = Extract<PromptRequest, { kind: 'pick' }>;

/** The profile status bar item as VS Code shows it. */
export function profileBar(): ReturnType<typeof statusBarItems>[number] {
  return statusBarItems().find((entry) => entry.id === 'livepeer.profile') ?? assert.fail('no profile status bar item');
}

/** The current profile's name, from the status bar item's tooltip; undefined when none is current. */
export function currentProfile(): string | undefined {
  return /^Livepeer profile “(.+?)”/.exec(profileBar().tooltip)?.[1];
}

/** The current profile's base URL, from the tooltip's "API:" line. */
export function currentBaseUrl(): string | undefined {
  return /^API: (\S+)/m.exec(profileBar().tooltip)?.[1];
}

/** The current profile's project name, from the status bar item's text ("$(account) Name · Project"). */
export function currentProject(): string | undefined {
  return / · (.+)$/.exec(profileBar().text)?.[1];
}

/** Add Profile…, answered: it becomes the current profile. */
export async function addProfile(name: string, baseUrl: string, token: string): Promise<void> {
  answer(
    () => name,
    () => baseUrl,
    () => token,
  );
  assert.equal(await vscode.commands.executeCommand('livepeer.profiles.add'), true, `profile ${name} added`);
  assertAllAnswered();
  await eventually(() => assert.equal(currentProfile(), name));
}

/** Remove Profile…, confirmed, when there is a profile named `name`. */
export async function removeProfile(name: string): Promise<void> {
  if (!(await profileNames()).includes(name)) return;
  answer(() => 'Remove');
  assert.equal(await vscode.commands.executeCommand('livepeer.profiles.remove', name), true, `profile ${name} removed`);
}

/** The profiles Switch Profile… offers (its picker, escaped). */
export async function profileNames(): Promise<string[]> {
  let names: string[] = [];
  answer((request) => {
    // The rows after the profiles: Add Profile… and Start Local Studio.
    names = (request as Pick).items.filter((item) => !/^\$\((add|server-process)\)/.test(item.label)).map((item) => item.label.replace(/^\$\([\w-]+\) /, ''));
    return undefined;
  });
  await vscode.commands.executeCommand('livepeer.profiles.switch');
  return names;
}

/** A profile's base URL as Edit Profile… shows it in its box (escaped: nothing changes). */
export async function baseUrlOf(name: string): Promise<string | undefined> {
  let shown: string | undefined;
  answer(
    (request) => (request as Pick).items.find((item) => item.label === 'Base URL'),
    (request) => ((shown = (request as Input).options.value), undefined),
  );
  await vscode.commands.executeCommand('livepeer.profiles.edit', name);
  return shown;
}

/** The top-level rows of a view, listed again (its refresh command), as VS Code draws them. */
export async function freshRows(name: 'signingKeys' | 'streams' | 'assets' | 'webhooks', refresh: string) {
  await vscode.commands.executeCommand(refresh);
  return view(name).rows();
}

export const TOKEN_B = 'lp-test-token-B-7f3e0a41';

/** Top-level labels of the three account views, message rows left out. */
export async function shown(): Promise<string[]> {
  const rows = await Promise.all((['signingKeys', 'streams', 'assets'] as const).map(async (name) => (await view(name).rows()).filter((row) => row.contextValue !== 'message' && row.contextValue !== 'loadError')));
  return rows.flat().map((row) => row.label);
}

/** The profile the folder is pinned to, as the status bar says it (found or not); undefined when not pinned. */
export function pinned(): string | undefined {
  const { text, tooltip } = profileBar();
  return /^Livepeer profile “(.+?)” \(pinned by this folder\)/.exec(tooltip)?.[1] ?? /no profile “(.+?)”/.exec(text)?.[1];
}

/** Sets the workspace setting livepeer.profile, and waits until the status bar follows it. */
export async function pin(name: string | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('livepeer').update('profile', name, vscode.ConfigurationTarget.Workspace);
  await eventually(() => assert.equal(pinned()?.toLowerCase(), name?.toLowerCase()));
}
