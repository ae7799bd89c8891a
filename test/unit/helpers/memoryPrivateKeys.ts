import type * as vscode from 'vscode';
import { InMemoryStore } from '../../../src/upload';
import { ProfileStore } from '../../../src/profiles/profileStore';
import { PrivateKeys } from '../../../src/ui/keys/privateKeys';
import type { AccountProfiles } from '../../../src/ui/profiles/accountProfiles';

/** The current profile's kept private keys, over the profile store on in-memory state and secrets (`secrets`: the OS keychain's stand-in). */
export async function memoryPrivateKeys(token = 'demo-token'): Promise<{ privateKeys: PrivateKeys; secrets: Map<string, string> }> {
  const secrets = new Map<string, string>();
  const store = new ProfileStore(new InMemoryStore(), {
    get: async (key: string) => secrets.get(key),
    store: async (key: string, value: string) => void secrets.set(key, value),
    delete: async (key: string) => void secrets.delete(key),
  });
  const current = await store.add({ name: 'Default', baseUrl: 'http://127.0.0.1:1/api', token });
  const state = new Map<string, unknown>();
  const memento = {
    get: (key: string, fallback?: unknown) => (state.has(key) ? state.get(key) : fallback),
    update: async (key: string, value: unknown) => void state.set(key, value),
  } as unknown as vscode.Memento;
  return { privateKeys: new PrivateKeys({ current, store } as unknown as AccountProfiles, memento), secrets };
}
