import * as fs from 'node:fs';
import * as path from 'node:path';
import { identifyProject, withoutSecrets, type Asset, type Project, type SigningKey, type Stream, type StudioClient, type Webhook } from '../api';
import { collectPages } from '../api/core/pagination';
import { sourceFileName } from './sourceFiles';

/** What a backup writes of the account: everything listed, every secret blanked (the one registry in api/core/secretFields.ts). */
export interface AccountInventory {
  savedAt: string;
  project?: Project;
  assets: Asset[];
  streams: Stream[];
  /** The public half only: the private half never left the machine that made it, and is not written. */
  signingKeys: Array<Pick<SigningKey, 'id' | 'name' | 'publicKey' | 'disabled' | 'createdAt' | 'projectId'>>;
  webhooks: Webhook[];
}

export const INVENTORY_FILE = 'account.json';
export const ASSETS_CSV = 'assets.csv';

/** Reads every list of the account (all pages) for a backup, secrets blanked. */
export async function readInventory(client: StudioClient, signal?: AbortSignal): Promise<AccountInventory> {
  const assets = await collectPages((cursor) => client.assets.listPage({}, cursor, undefined, signal), '/asset');
  // streamsOnly: the streams themselves, not the service's historic session objects.
  const streams = await client.streams.list({ streamsOnly: true }, signal);
  const keys = await client.keys.list(signal);
  const webhooks = await client.webhooks.list(signal);
  const project = await identifyProject(client, signal).catch(() => undefined);
  return withoutSecrets({
    savedAt: new Date().toISOString(),
    ...(project ? { project } : {}),
    assets,
    streams,
    signingKeys: keys.map(({ id, name, publicKey, disabled, createdAt, projectId }) => ({ id, name, publicKey, disabled, createdAt, projectId })),
    webhooks,
  });
}

/** A CSV field: quoted when it must be, and a leading formula sign defused (a spreadsheet would run `=…`). */
function csvField(value: string | number | undefined): string {
  let text = value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** assets.csv: one row per asset, with the file a backup of its source goes to. */
export function assetsCsv(assets: readonly Asset[]): string {
  const head = ['id', 'name', 'phase', 'createdAt', 'durationSeconds', 'sizeBytes', 'playbackId', 'playbackPolicy', 'sourceFile'];
  const rows = assets.map((asset) => [
    asset.id,
    asset.name,
    asset.status?.phase,
    asset.createdAt ? new Date(asset.createdAt).toISOString() : '',
    asset.videoSpec?.duration,
    asset.size,
    asset.playbackId,
    asset.playbackPolicy?.type ?? 'public',
    asset.downloadUrl ? sourceFileName(asset) : '',
  ]);
  return [head, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Writes a file whole or not at all (a cut leaves the last backup's file). */
function writeWhole(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, text);
  fs.renameSync(temporary, file);
}

/** account.json and assets.csv in `folder`. */
export function writeInventory(folder: string, inventory: AccountInventory): void {
  writeWhole(path.join(folder, INVENTORY_FILE), `${JSON.stringify(inventory, null, 2)}\n`);
  writeWhole(path.join(folder, ASSETS_CSV), assetsCsv(inventory.assets));
}
