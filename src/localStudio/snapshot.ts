import { readFile, rename, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import type { Accounts } from './accounts';
import type { MultistreamTargets } from './multistream';
import type { Store } from './store';
import type { WebhookState } from './webhookState';

// What a Local Studio with a data folder keeps across restarts (docs/local-studio.md): one JSON file
// of its account, written whole to a temporary file and renamed over the last one (a crash leaves
// the old or the new, never half of one), readable by its user alone; the uploaded bytes stay the
// files ingest wrote in the same folder. What runs (processing, deliveries' retries) starts again.

export const SNAPSHOT_FILE = 'studio.json';
const VERSION = 1;

export interface Kept {
  store: Store;
  accounts: Accounts;
  webhooks: WebhookState;
  multistream: MultistreamTargets;
  dataDir: string;
}

type Entries<T> = Array<[string, T]>;

interface Snapshot {
  version: number;
  userId: string;
  projectId: string;
  projects: Entries<unknown>;
  signingKeys: Entries<unknown>;
  deletedSigningKeys: Entries<unknown>;
  streams: Entries<unknown>;
  assets: Entries<unknown>;
  deletedAssets: Entries<unknown>;
  deletedAssetIds: string[];
  /** Asset id → its upload's file, relative to the data folder (the folder may move). */
  uploadedFiles: Entries<string>;
  tasks: Entries<unknown>;
  webhooks: Entries<unknown>;
  deliveries: unknown[];
  targets: Entries<unknown>;
}

function snapshotOf(kept: Kept): Snapshot {
  const { store, accounts, webhooks, multistream, dataDir } = kept;
  return {
    version: VERSION,
    userId: store.userId,
    projectId: store.projectId,
    projects: [...accounts.projects],
    signingKeys: [...store.signingKeys],
    deletedSigningKeys: [...store.deletedSigningKeys],
    streams: [...store.streams],
    assets: [...store.assets],
    deletedAssets: [...store.deletedAssets],
    deletedAssetIds: [...store.deletedAssetIds],
    uploadedFiles: [...store.uploadedFiles].map(([id, file]) => [id, relative(dataDir, file)]),
    tasks: [...store.tasks.tasks],
    webhooks: [...webhooks.webhooks],
    deliveries: webhooks.log,
    targets: [...multistream.targets],
  };
}

/** The account saved in `dataDir`, if any; throws on a file that is not one (a person should see why). */
export async function readSnapshot(dataDir: string): Promise<Snapshot | undefined> {
  let text: string;
  try {
    text = await readFile(join(dataDir, SNAPSHOT_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const snapshot = JSON.parse(text) as Snapshot;
  if (snapshot.version !== VERSION) throw new Error(`${join(dataDir, SNAPSHOT_FILE)} is of another version (${String(snapshot.version)}); move it away or use another data folder`);
  return snapshot;
}

/** The owner a restored account had: the store is made with it, so its user and project ids stay. */
export const ownerOfSnapshot = (snapshot: Snapshot): { userId: string; projectId: string } => ({ userId: snapshot.userId, projectId: snapshot.projectId });

/** Puts a saved account back into a fresh Local Studio; assets caught mid-processing are processed again. */
export function restoreSnapshot(snapshot: Snapshot, kept: Kept): void {
  const { store, accounts, webhooks, multistream, dataDir } = kept;
  const fill = <T>(map: Map<string, T>, entries: Entries<unknown>) => {
    for (const [id, value] of entries) map.set(id, value as T);
  };
  fill(accounts.projects, snapshot.projects);
  fill(store.signingKeys, snapshot.signingKeys);
  fill(store.deletedSigningKeys, snapshot.deletedSigningKeys);
  fill(store.streams, snapshot.streams);
  fill(store.assets, snapshot.assets);
  fill(store.deletedAssets, snapshot.deletedAssets);
  for (const id of snapshot.deletedAssetIds) store.deletedAssetIds.add(id);
  for (const [id, file] of snapshot.uploadedFiles) store.uploadedFiles.set(id, isAbsolute(file) ? file : join(dataDir, file));
  fill(store.tasks.tasks, snapshot.tasks);
  fill(webhooks.webhooks, snapshot.webhooks);
  webhooks.log.push(...(snapshot.deliveries as WebhookState['log']));
  fill(multistream.targets, snapshot.targets);
  for (const asset of store.assets.values()) {
    if ((asset.status.phase === 'waiting' || asset.status.phase === 'processing') && store.uploadedFiles.has(asset.id)) store.process(asset.id);
  }
}

/**
 * Saves the account after each change, at most once per `everyMs` (a change during a write is saved
 * by the next one); `flush()` writes what is pending now (on close).
 */
export function keepSaved(kept: Kept, everyMs = 200): { changed(): void; flush(): Promise<void> } {
  const file = join(kept.dataDir, SNAPSHOT_FILE);
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let pending = false;
  const write = (): Promise<void> => {
    timer = undefined;
    if (!pending) return writing;
    pending = false;
    const text = JSON.stringify(snapshotOf(kept));
    writing = writing.then(async () => {
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, text, { mode: 0o600 });
      await rename(temporary, file);
    });
    return writing;
  };
  return {
    changed() {
      pending = true;
      timer ??= setTimeout(() => void write().catch((error: unknown) => console.error(`Local Studio could not save ${file}: ${(error as Error).message}`)), everyMs);
    },
    async flush() {
      clearTimeout(timer);
      await write();
    },
  };
}
