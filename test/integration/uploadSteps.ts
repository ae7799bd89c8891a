// Shared by the Uploads suites (4_uploads*.test.ts): the files, the Uploads view's rows as VS Code
// draws them, and the emulator's record of what the upload server received.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { UploadOutcome } from '../../src/upload';
import type { Manifest } from '../unit/helpers/manifest';
import { MiB, makeFile, sha256File } from '../unit/helpers/uploadFiles';
import { EXTENSION_ID, assertAllAnswered, emulator, eventually, signIn, statusBarItems, view, type PromptRequest, type Row } from './harness';

export const TUS_PATCH = { origin: 'ingest' as const, method: 'PATCH', path: /\/upload\/tus\/.+/ };
/** The smallest chunk the engine sends (whole 8 MiB parts, as the real service stores them). */
export const CHUNK_MIB = 8;
/**
 * Delay of each tus PATCH while a test stops an upload mid-way: the upload must still be running
 * when a loaded 2-core machine gets to the stop, a few chunks after it started.
 */
export const STOP_WINDOW_MS = 400;

export const file = (name: string): string => path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, name);
export const uri = (name: string): vscode.Uri => vscode.Uri.file(file(name));

/** Each Uploads suite's hooks: prepared before, and after each test no fault left and every scripted answer used. */
export function uploadSuiteHooks(): void {
  before(prepareUploads);
  afterEach(() => {
    emulator.faults.clear();
    assertAllAnswered();
  });
}

/** Signed in, the suites' files there (left as earlier suites changed them), and 8 MiB chunks. */
export async function prepareUploads(): Promise<void> {
  await signIn();
  const sizes: Array<[string, number]> = [['clip one.mp4', 3 * MiB + 1234], ['clip two.mov', 5 * MiB + 77], ['clip three.webm', 2 * MiB + 5], ['long take.mkv', 28 * MiB + 999]];
  for (const [name, size] of sizes) if (!fs.existsSync(file(name))) makeFile(file(name), size);
  if (!fs.existsSync(file('notes.txt'))) fs.writeFileSync(file('notes.txt'), 'not a video');
  await vscode.workspace.getConfiguration('livepeer.upload').update('chunkSize', CHUNK_MIB, vscode.ConfigurationTarget.Global);
}

export function upload(uris: vscode.Uri[], options: { name?: string; method?: string } = {}): Thenable<UploadOutcome[]> {
  return vscode.commands.executeCommand<UploadOutcome[]>('livepeer.uploads.upload', uris[0], uris, options);
}

export function done(outcome: UploadOutcome | undefined): Extract<UploadOutcome, { status: 'done' }>['result'] {
  assert.ok(outcome?.status === 'done', `upload did not succeed: ${JSON.stringify(outcome)}`);
  return outcome.result;
}

export async function assertSameBytes(assetId: string, name: string): Promise<void> {
  assert.equal(await emulator.uploadedSha256(assetId), await sha256File(file(name)), `the emulator received ${name} byte for byte`);
}

/** The items of a scripted quick pick. */
export function pickItems<T extends vscode.QuickPickItem>(request: PromptRequest): T[] {
  assert.equal(request.kind, 'pick');
  return [...request.items] as T[];
}

/** The Uploads view's rows, as VS Code draws them. */
export function rows(): Promise<Row[]> {
  return view('uploads').rows();
}

/** The asset a row names in its tooltip ("Asset ID: `…`"); undefined for "Asset ID: —". */
export function assetIdOf(row: Row | undefined): string | undefined {
  return /Asset ID: `([^`]+)`/.exec(row?.tooltip ?? '')?.[1];
}

const STORED = /^upload (paused|interrupted)$/;

/** The first paused or interrupted upload listed. */
export async function storedRow(): Promise<Row> {
  const row = (await rows()).find((r) => STORED.test(r.contextValue ?? ''));
  assert.ok(row, 'a paused or interrupted upload is listed');
  return row;
}

/** Names of the paused or interrupted uploads listed, with their state. */
export function storedNames(all: Row[]): string[] {
  return all.filter((r) => STORED.test(r.contextValue ?? '')).map((r) => `${r.label}: ${r.description}`);
}

/** The row labelled `label` whose contextValue matches `state`, once it is listed so. */
export function rowOf(label: string, state: RegExp, timeoutMs?: number): Promise<Row> {
  return eventually(async () => {
    const found = (await rows()).find((r) => r.label === label && state.test(r.contextValue ?? ''));
    assert.ok(found, `no ${state} row “${label}”: ${JSON.stringify((await rows()).map((r) => `${r.contextValue} ${r.label}`))}`);
    return found;
  }, timeoutMs);
}

/** The latest asset named `name` in the emulator (request-upload creates it under the upload's name). */
export function assetNamed(name: string): string | undefined {
  return [...emulator.store.assets.values()].filter((asset) => asset.name === name).at(-1)?.id;
}

/** Request-body bytes the ingest received for one asset's tus PATCHes. */
export function patchBytes(assetId: string | undefined): number {
  return emulator.requests.filter((r) => r.method === 'PATCH' && r.assetId === assetId).reduce((sum, r) => sum + r.bodyBytes, 0);
}

/** Every PATCH waits `ms` before the emulator reads it: a slow uplink, so uploads can be caught mid-way. */
export function slowIngest(ms: number): void {
  emulator.faults.delay({ ...TUS_PATCH, ms, times: 10_000 });
}

/** The running row of the upload named `name`, once the upload server holds two chunks of it; with its asset. */
export async function runningRow(name: string): Promise<{ row: Row; assetId: string }> {
  return eventually(async () => {
    const row = (await rows()).find((r) => r.label === name && /^upload running /.test(r.contextValue ?? ''));
    const assetId = assetNamed(name);
    assert.ok(row && assetId && patchBytes(assetId) >= 2 * CHUNK_MIB * MiB, `“${name}” is under way`);
    return { row, assetId };
  });
}

/** Starts a slowed tus upload of "long take.mkv", pauses it from its row mid-way, and lifts the slowdown. */
export async function pausedUpload(name: string): Promise<void> {
  slowIngest(STOP_WINDOW_MS);
  const finished = upload([uri('long take.mkv')], { name, method: 'tus' });
  await vscode.commands.executeCommand('livepeer.uploads.pause', (await runningRow(name)).row.element);
  assert.equal((await finished)[0].status, 'paused', 'still running when paused');
  emulator.faults.clear();
}

/** The upload status bar item's text ("$(cloud-upload) 1"). */
export function uploadStatusText(): string | undefined {
  return statusBarItems().find((entry) => entry.text.startsWith('$(cloud-upload)'))?.text;
}

/** Commands of the Uploads view's row menus whose `when` clause holds for a row's contextValue. */
export function rowCommands(viewItem: string): string[] {
  const menus = (vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as Manifest).contributes.menus['view/item/context'];
  return menus
    .filter(({ when }) => {
      if (!when.startsWith('view == livepeer.uploads')) return false;
      const equal = /viewItem == ([\w.]+)/.exec(when);
      const match = /viewItem =~ \/(.+)\/$/.exec(when);
      return equal ? equal[1] === viewItem : !!match && new RegExp(match[1]).test(viewItem);
    })
    .map((m) => m.command);
}

/** The asset is gone from the emulator and its tus upload was terminated on the upload server. */
export async function assertLeftNothing(assetId: string): Promise<void> {
  await eventually(() => assert.ok(!emulator.store.assets.has(assetId) && emulator.store.deletedAssetIds.has(assetId), 'the asset was deleted'));
  await assertTusTerminated(assetId);
}

/** The termination may still be on its way when the asset is gone (they are sent side by side): waited for. */
export function assertTusTerminated(assetId: string): Promise<void> {
  return eventually(() => {
    const patch = emulator.requests.find((r) => r.method === 'PATCH' && r.assetId === assetId);
    assert.ok(patch, 'a tus upload was under way');
    const terminate = emulator.requests.find((r) => r.origin === 'ingest' && r.method === 'DELETE' && r.url === patch.url);
    assert.equal(terminate?.status, 204, 'tus termination (DELETE on the upload address) answered 204');
  });
}
