// extensionTestsPath of `npm run screenshots`: the README's pictures, taken from the demo data
// (the seeded emulator, as in `npm run demo`) rather than from test fixtures.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { startReceiver } from '../demo/receiver';
import { DEFAULT_TOKEN, startEmulator, type Emulator } from '../emulator';
import { tasksShot } from './tasks';
import { captureWorkbench } from '../integration/capture';
import { EXTENSION_ID, client as apiClient, eventually, screenshot, sleep, view } from '../integration/harness';
import { shootForwardingAndQuality } from './forwardingAndQuality';
import { goLiveShots } from './goLive';
import { moveAndKeepShots } from './moveAndKeep';

const MiB = 2 ** 20;

/** LIVEPEER_SCREENSHOTS=views,forwarding,tasks,goLive,moveAndKeep takes only those groups of pictures (all when unset). */
const only = process.env.LIVEPEER_SCREENSHOTS ? process.env.LIVEPEER_SCREENSHOTS.split(',') : undefined;
const wanted = (group: string) => !only || only.includes(group);

export async function run(): Promise<void> {
  const emulator = await startEmulator({ seed: true, tokens: [DEFAULT_TOKEN] });
  // The webhook of the picture delivers to a receiver on this machine, so it shows as working.
  const receiver = await startReceiver();
  try {
    await vscode.workspace.getConfiguration('livepeer').update('baseURL', emulator.apiUrl, vscode.ConfigurationTarget.Global);
    // Chunks small enough that the upload picture catches one part-way.
    await vscode.workspace.getConfiguration('livepeer.upload').update('chunkSize', 8, vscode.ConfigurationTarget.Global);
    // The harness sees the views and panels; the dialogs stay VS Code's own (the pictures show them).
    captureWorkbench();
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    await vscode.commands.executeCommand('livepeer.setToken', DEFAULT_TOKEN);
    const client = apiClient(DEFAULT_TOKEN, emulator.apiUrl);
    await client.webhooks.create({ name: 'Stream alerts', url: receiver.url, events: ['stream.started', 'stream.idle', 'recording.ready'], sharedSecret: randomBytes(32).toString('hex') });
    const workspaceDir = vscode.workspace.workspaceFolders![0].uri.fsPath;

    await vscode.commands.executeCommand('workbench.view.extension.livepeer');
    if (wanted('views')) await viewsAndUpload(emulator, join(workspaceDir, 'videos'));
    if (wanted('forwarding')) await shootForwardingAndQuality(client, emulator);
    if (wanted('tasks')) await tasksShot();
    if (wanted('goLive')) await goLiveShots(client, emulator);
    if (wanted('moveAndKeep')) await moveAndKeepShots(emulator, workspaceDir);
  } finally {
    await receiver.close();
    await emulator.close();
  }
}

/** views.png (every view loaded) and upload.png (a resumable upload part-way), of videos uploaded from `videos`. */
async function viewsAndUpload(emulator: Emulator, videos: string): Promise<void> {
  mkdirSync(videos, { recursive: true });
  const video = (name: string, bytes: number) => {
    writeFileSync(join(videos, name), randomBytes(bytes));
    return vscode.Uri.file(join(videos, name));
  };
  const upload = (uri: vscode.Uri, name: string, method: string) => vscode.commands.executeCommand('livepeer.uploads.upload', uri, [uri], { name, method });
  await upload(video('intro.mp4', 8 * MiB), 'Intro', 'direct');
  await eventually(() => assert.equal([...emulator.store.assets.values()].find((asset) => asset.name === 'Intro')?.status.phase, 'ready'));
  // Every view shown and loaded, Webhooks included; the status bar names the profile.
  await vscode.commands.executeCommand('livepeer.webhooks.focus');
  await eventually(async () => assert.ok((await view('signingKeys').rows()).length && (await view('streams').rows()).length && (await view('webhooks').rows()).length));
  await vscode.commands.executeCommand('notifications.clearAll');
  await sleep(1000);
  console.log(`views: ${await screenshot('views')}`);

  emulator.faults.delay({ origin: 'ingest', method: 'PATCH', path: /\/upload\/tus\/.+/, ms: 400, times: 10_000 });
  const keynote = upload(video('keynote.mov', 96 * MiB), 'Product Launch Keynote', 'tus');
  // The upload's row says how far it is ("34%"…).
  const percent = async () => Number(/(\d+)\s?%/.exec((await view('uploads').rows()).map((row) => `${row.label} ${row.description}`).find((text) => /keynote|Keynote/.test(text)) ?? '')?.[1] ?? 0);
  await eventually(async () => assert.ok((await percent()) > 30), 30_000);
  await sleep(300);
  console.log(`upload: ${await screenshot('upload')}`);
  emulator.faults.clear();
  await keynote;
}
