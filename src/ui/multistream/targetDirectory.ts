import type * as vscode from 'vscode';
import type { MultistreamTarget, StudioClient } from '../../api';

const HOSTS_KEY = 'livepeer.multistream.hosts';

/**
 * The account's targets, read once per client (a profile's) and again after a change, shared by
 * the Multistream Targets view and the target rows under streams. The service never returns a
 * target's URL: the host it pushes to is remembered here when the target is made or given a new URL
 * in this editor (a host is no secret; the key in the URL's path is, and is kept nowhere).
 */
const read = new WeakMap<StudioClient, Promise<MultistreamTarget[]>>();

export function listTargets(client: StudioClient): Promise<MultistreamTarget[]> {
  let targets = read.get(client);
  if (!targets) {
    targets = client.multistream.list();
    read.set(client, targets);
    // A failed read is tried again by the next row that needs it.
    targets.catch(() => read.delete(client));
  }
  return targets;
}

/** Forget what was read: the next row reads the targets again. */
export function forgetTargets(client: StudioClient): void {
  read.delete(client);
}

export function hostOf(state: vscode.Memento, targetId: string): string | undefined {
  return state.get<Record<string, string>>(HOSTS_KEY, {})[targetId];
}

export async function rememberHost(state: vscode.Memento, targetId: string, host: string | undefined): Promise<void> {
  if (!host) return;
  await state.update(HOSTS_KEY, { ...state.get<Record<string, string>>(HOSTS_KEY, {}), [targetId]: host });
}
