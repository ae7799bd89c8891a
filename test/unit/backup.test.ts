import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { StudioClient } from '../../src/api';
import { ASSETS_CSV, INVENTORY_FILE, readInventory, writeInventory } from '../../src/backup/inventory';
import { backUpSourceFiles, sourceFileName, SOURCES_FOLDER } from '../../src/backup/sourceFiles';
import { startEmulator, type Emulator } from '../emulator';
import { FIXTURES_DIR } from '../../src/localStudio/hlsFixture';

const TOKEN = 'backup-unit-token-3f9a';
const MP4 = fs.readFileSync(path.join(FIXTURES_DIR, 'clip.mp4'));

describe('backup (vscode-free): the inventory and the source files, over real HTTP against the emulator', () => {
  let emu: Emulator;
  let client: StudioClient;
  let dir: string;

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN] });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 } });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livepeer-backup-unit-'));
  });
  afterEach(async () => {
    await client.close();
    await emu.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes every list of the account with no secret in it: stream keys, target URLs, webhook secrets, private keys, the token', async () => {
    const stream = emu.store.addStream({ name: 'Main stage', record: true });
    const { privateKey } = emu.store.createSigningKey({ name: 'Main key' });
    const targetUrl = 'rtmp://live.example.com/app/sk_live_target_secret_77';
    await client.streams.addTarget(stream.id, { profile: 'source', spec: { name: 'Elsewhere', url: targetUrl } });
    emu.webhooks.add({ name: 'Hook', url: 'https://hooks.example.com/in', events: ['asset.ready'], sharedSecret: 'hook-secret-value-123' });
    emu.store.addAsset({ name: 'Intro', status: { phase: 'ready', updatedAt: 1 }, size: MP4.length });

    const inventory = await readInventory(client);
    writeInventory(dir, inventory);
    const written = fs.readFileSync(path.join(dir, INVENTORY_FILE), 'utf8') + fs.readFileSync(path.join(dir, ASSETS_CSV), 'utf8');
    assert.ok(written.includes('Main stage') && written.includes('Main key') && written.includes('https://hooks.example.com/in') && written.includes('Intro'));
    for (const secret of [stream.streamKey!, privateKey, 'sk_live_target_secret_77', 'hook-secret-value-123', TOKEN]) {
      assert.ok(!written.includes(secret), `not written: ${secret.slice(0, 8)}…`);
    }
    assert.deepEqual(fs.readdirSync(dir).sort(), [ASSETS_CSV, INVENTORY_FILE].sort(), 'no temporary file left');
  });

  it('fetches each file once (a second run skips it) and says why an asset without a file is not saved', async () => {
    const assets = await Promise.all(['One', 'Two'].map(async (name) => client.assets.get(emu.store.addAsset({ name, status: { phase: 'ready', updatedAt: 1 }, size: MP4.length }).id)));
    const waiting = await client.assets.get(emu.store.addAsset({ name: 'Later', status: { phase: 'processing', updatedAt: 1, progress: 0.2 } }).id);
    const addressOf = (asset: { downloadUrl?: string }) => Promise.resolve({ url: asset.downloadUrl! });
    const first = await backUpSourceFiles([...assets, waiting], { folder: dir, addressOf });
    assert.deepEqual(first.map((o) => o.status), ['failed', 'saved', 'saved']);
    assert.match(first[0].status === 'failed' ? first[0].reason : '', /no file to download yet \(processing\)/);
    for (const asset of assets) assert.ok(fs.readFileSync(path.join(dir, SOURCES_FOLDER, sourceFileName(asset))).equals(MP4));

    const before = emu.requests.length;
    const second = await backUpSourceFiles(assets, { folder: dir, addressOf });
    assert.deepEqual(second.map((o) => o.status), ['skipped', 'skipped']);
    assert.equal(emu.requests.slice(before).filter((r) => r.origin === 'ingest').length, 0, 'nothing fetched');
  });
});
