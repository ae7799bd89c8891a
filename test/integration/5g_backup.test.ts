import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { EmulatorAsset } from '../emulator';
import { FIXTURES_DIR } from '../../src/localStudio/hlsFixture';
import { TOKEN, answer, asked, assertAllAnswered, emulator, eventually, lastMessage, lastProgress, signIn, type PromptRequest, type Responder } from './harness';
import { addProfile, removeProfile } from './profileSteps';

const MP4 = fs.readFileSync(path.join(FIXTURES_DIR, 'clip.mp4'));
const MP4_PATH = /\.mp4$/;
const TOKEN_BACKUP = 'lp-test-token-backup-51c0e2';
const WEBHOOK_SECRET = 'whsec-backup-do-not-write-8841';

type Pick = Extract<PromptRequest, { kind: 'pick' }>;

/** Back Up Account… answered: the scope picked by its label, the folder chosen in the open dialog, then `more`. */
function backUp(scope: RegExp, folder: string, ...more: Responder[]): Thenable<unknown> {
  answer(
    (request) => (request as Pick).items.find((item) => scope.test(item.label)) ?? assert.fail(`no scope ${scope}`),
    (request) => {
      assert.equal(request.kind, 'openDialog');
      const options = request.options;
      assert.equal(options.canSelectFolders, true);
      assert.equal(options.defaultUri, undefined, 'no folder from any setting');
      return [vscode.Uri.file(folder)];
    },
    ...more,
  );
  return vscode.commands.executeCommand('livepeer.backup.account');
}

/** Source-file downloads the emulator served since request `from` of its log. */
const downloadsSince = (from: number) => emulator.requests.slice(from).filter((r) => r.origin === 'ingest' && r.method === 'GET' && MP4_PATH.test(r.url));

describe('Back Up Account…', function () {
  this.timeout(90_000);
  let folder: string;
  let assets: EmulatorAsset[];
  let streamKey: string;

  before(async () => {
    await signIn();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'livepeer-backup-'));
    const owner = emulator.accounts.addUser({ projectName: 'Backup Co', token: TOKEN_BACKUP });
    const mine = { userId: owner.userId, projectId: owner.projectId };
    const ready = { status: { phase: 'ready' as const, updatedAt: Date.now() }, size: MP4.length, ...mine };
    assets = ['Launch, take 1', 'Launch "b-roll"', '=Keynote'].map((name) => emulator.store.addAsset({ name, ...ready }));
    streamKey = emulator.store.addStream({ name: 'Backup stream', record: true, ...mine }).streamKey!;
    emulator.store.createSigningKey({ name: 'Backup key', ...mine });
    emulator.webhooks.add({ name: 'Backup hook', url: 'https://hooks.example.com/backup', events: ['asset.ready'], sharedSecret: WEBHOOK_SECRET }, mine);
    await addProfile('Backup', emulator.apiUrl, TOKEN_BACKUP);
  });
  afterEach(() => {
    emulator.faults.clear();
    assertAllAnswered();
  });
  after(async () => {
    await removeProfile('Backup');
    await vscode.commands.executeCommand('livepeer.profiles.switch', 'Default');
    fs.rmSync(folder, { recursive: true, force: true });
  });

  const sources = () => assets.map((asset) => path.join(folder, 'source files', `${asset.id}.mp4`));

  it('writes account.json and assets.csv with no secret in them; a stop in the middle keeps the part', async () => {
    emulator.faults.trickle({ origin: 'ingest', path: MP4_PATH, everyMs: 50 });
    const since = asked.length;
    const running = backUp(/Every Source File/, folder);
    const progress = await eventually(() => {
      const shown = lastProgress(/backing up the account to/, since);
      assert.ok(shown?.reports.some((text) => /^file 1 of 3: [1-9][\d.]* \w?B of /.test(text)), JSON.stringify(shown?.reports));
      return shown!;
    });
    progress.cancel();
    const summary = (await running) as { stopped: boolean; saved: number };
    assert.equal(summary.stopped, true);
    assert.match(lastMessage(/backup stopped/)!.message, /^Livepeer: backup stopped \(source files saved: 0\)\. Back Up Account… into .* again continues where it stopped\.$/);
    const parts = sources().map((file) => (fs.existsSync(`${file}.part`) ? fs.statSync(`${file}.part`).size : 0));
    assert.ok(parts.some((bytes) => bytes > 0 && bytes < MP4.length), `a part kept: ${parts.join(', ')}`);

    const json = fs.readFileSync(path.join(folder, 'account.json'), 'utf8');
    const csv = fs.readFileSync(path.join(folder, 'assets.csv'), 'utf8');
    const inventory = JSON.parse(json) as { project: { name: string }; assets: Array<{ id: string }>; streams: Array<{ name: string; record: boolean }>; signingKeys: Array<{ publicKey: string }>; webhooks: Array<{ url: string; sharedSecret: string }> };
    assert.equal(inventory.project.name, 'Backup Co');
    assert.deepEqual(inventory.assets.map((a) => a.id).sort(), assets.map((a) => a.id).sort(), 'only this account’s assets');
    assert.deepEqual(inventory.streams.map((s) => [s.name, s.record]), [['Backup stream', true]], 'streams with their settings');
    assert.equal(inventory.signingKeys.length, 1);
    assert.match(inventory.signingKeys[0].publicKey, /^[A-Za-z0-9+/=]{40,}$/, 'the public half');
    assert.deepEqual(inventory.webhooks.map((w) => [w.url, w.sharedSecret]), [['https://hooks.example.com/backup', '(hidden)']]);
    for (const secret of [streamKey, WEBHOOK_SECRET, TOKEN, TOKEN_BACKUP, ...emulator.store.issuedPrivateKeys]) {
      assert.ok(!json.includes(secret) && !csv.includes(secret), `no secret written (${secret.slice(0, 6)}…)`);
    }
    const lines = csv.trim().split('\r\n');
    assert.equal(lines[0], 'id,name,phase,createdAt,durationSeconds,sizeBytes,playbackId,playbackPolicy,sourceFile');
    assert.equal(lines.length, 4);
    assert.ok(csv.includes('"Launch, take 1"') && csv.includes('"Launch ""b-roll"""') && csv.includes(",'=Keynote,"), csv);
  });

  it('run again, it continues the part with a Range request and saves every file byte for byte', async () => {
    const from = emulator.requests.length;
    const summary = (await backUp(/Every Source File/, folder)) as { saved: number; skipped: number; failed: unknown[] };
    assert.deepEqual([summary.saved, summary.skipped, summary.failed], [3, 0, []]);
    assert.match(lastMessage(/backed up the account/)!.message, /^Livepeer: backed up the account to .*\. Source files saved: 3; already there: 0\.$/);
    for (const file of sources()) assert.ok(fs.readFileSync(file).equals(MP4), `${path.basename(file)} byte for byte`);
    const ranges = downloadsSince(from).map((r) => r.headers.range);
    assert.equal(ranges.length, 3, 'one request per file');
    assert.equal(ranges.filter((range) => /^bytes=[1-9]\d*-$/.test(String(range))).length, 1, `the cut file continued: ${JSON.stringify(ranges)}`);
  });

  it('run a third time, it downloads nothing: every file is there with its size', async () => {
    const from = emulator.requests.length;
    const summary = (await backUp(/Every Source File/, folder)) as { saved: number; skipped: number };
    assert.deepEqual([summary.saved, summary.skipped], [0, 3]);
    assert.match(lastMessage(/backed up the account/)!.message, /\. Source files saved: 0; already there: 3\.$/);
    assert.deepEqual(downloadsSince(from), [], 'no file requested from the service');
  });

  it('says why a file could not be saved (a signed asset with no kept private key), and Selected fetches only what is ticked', async () => {
    const owner = emulator.accounts.callerOf(TOKEN_BACKUP)!;
    const signed = emulator.store.addAsset({ name: 'Members only', status: { phase: 'ready', updatedAt: Date.now() }, size: MP4.length, playbackPolicy: { type: 'jwt' }, userId: owner.userId, projectId: owner.projectId });
    const from = emulator.requests.length;
    await backUp(/Every Source File/, folder);
    assert.equal(
      lastMessage(/backed up the account/)!.message.replace(/ to .*?\. Source/, ' to …. Source'),
      'Livepeer: backed up the account to …. Source files saved: 0; already there: 3; failed: 1 (“Members only”: its playback is signed, and no private key of an enabled signing key is kept in VS Code to sign a token for its download).',
    );
    assert.deepEqual(downloadsSince(from), [], 'nothing fetched');

    fs.rmSync(sources()[1]);
    await backUp(/Selected Source Files/, folder, (request) => {
      const items = (request as Pick).items;
      assert.deepEqual(items.map((item) => item.label).sort(), [...assets.map((a) => a.name), signed.name].sort(), 'the assets with a file');
      return [items.find((item) => item.label === assets[1].name)];
    });
    assert.match(lastMessage(/backed up the account/)!.message, /\. Source files saved: 1; already there: 0\.$/);
    assert.equal(downloadsSince(from).length, 1, 'only the ticked asset’s file');
    assert.ok(fs.readFileSync(sources()[1]).equals(MP4));
  });
});
