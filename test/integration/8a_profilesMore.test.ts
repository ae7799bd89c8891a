import assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Account } from '../../src/ui/account/account';
import { AccountProfiles } from '../../src/ui/profiles/accountProfiles';
import type { UploadOutcome } from '../../src/upload';
import { MiB, makeFile, sha256File } from '../unit/helpers/uploadFiles';
import { TOKEN, answer, assertAllAnswered, clickNotification, emulator, eventually, lastMessage, signIn, view, type PromptRequest } from './harness';
import { TOKEN_B, currentBaseUrl, currentProfile, freshRows, pin, profileBar, profileNames, removeProfile, shown } from './profileSteps';
import { assetIdOf, assetNamed } from './uploadSteps';

type Message = Extract<PromptRequest, { kind: 'message' }>;

describe('Profiles: uploads, pins, loads and removal', () => {
  let a: { userId: string; projectId: string; tokenId: string };
  let b: { userId: string; projectId: string; tokenId: string };

  before(() => {
    a = emulator.accounts.callerOf(TOKEN) ?? assert.fail('no account of TOKEN');
    b = emulator.accounts.callerOf(TOKEN_B) ?? assert.fail('the Profiles suite (8_profiles) adds account B first');
  });
  afterEach(assertAllAnswered);
  after(async () => {
    await pin(undefined);
    if ((await profileNames()).length > 1) await removeProfile('Client');
    await vscode.commands.executeCommand('livepeer.profiles.switch', 'Default');
    await signIn();
  });

  it('an upload started in A, interrupted, then resumed while B is current lands in A’s asset with A’s token; its row names A', async () => {
    const file = path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'profile take.mkv');
    makeFile(file, 28 * MiB + 321);
    const chunkSize = vscode.workspace.getConfiguration('livepeer.upload');
    await chunkSize.update('chunkSize', 8, vscode.ConfigurationTarget.Global);
    // The person clicks Copy Playback URL on the upload's ready notice (whenever it comes).
    clickNotification(/“A take” is uploaded and ready/, 'Copy Playback URL');
    try {
      emulator.faults.delay({ origin: 'ingest', method: 'PATCH', path: /\/upload\/tus\/.+/, ms: 400, times: 10_000 });
      const uri = vscode.Uri.file(file);
      const finished = vscode.commands.executeCommand<UploadOutcome[]>('livepeer.uploads.upload', uri, [uri], { name: 'A take', method: 'tus' });
      const running = await eventually(async () => {
        const sent = emulator.requests.filter((r) => r.method === 'PATCH' && r.assetId === assetNamed('A take')).reduce((sum, r) => sum + r.bodyBytes, 0);
        assert.ok(sent >= 8 * MiB, 'not under way');
        return (await view('uploads').rows()).find((item) => item.label === 'A take' && item.contextValue === 'upload running tus') ?? assert.fail('no running row');
      });
      await vscode.commands.executeCommand('livepeer.uploads.pause', running.element);
      assert.equal((await finished)[0].status, 'paused');
      emulator.faults.clear();
      await vscode.commands.executeCommand('livepeer.profiles.switch', 'Client');

      const row = await eventually(async () => (await view('uploads').rows()).find((item) => item.label === 'A take' && item.contextValue === 'upload paused') ?? assert.fail('no row'));
      assert.match(row.description, /Default/, 'the row names the profile it belongs to');
      const assetId = assetIdOf(row) ?? assert.fail('the row names its asset');
      assert.equal(emulator.store.assets.get(assetId)?.projectId, a.projectId);
      const since = emulator.requests.length;
      const outcome = await vscode.commands.executeCommand<UploadOutcome>('livepeer.uploads.resume', row.element);
      assert.equal(outcome?.status, 'done', JSON.stringify(outcome));
      assert.equal(outcome.status === 'done' && outcome.result.assetId, assetId);
      assert.equal(await emulator.uploadedSha256(assetId), await sha256File(file), 'A’s asset has the whole file');
      assert.equal(currentProfile(), 'Client', 'B stays current');
      const aboutAsset = emulator.requests.slice(since).filter((r) => r.url.includes(assetId) && r.origin === 'api');
      assert.ok(aboutAsset.length > 0, 'the arrival check asked about A’s asset');
      assert.deepEqual([...new Set(aboutAsset.map((r) => r.tokenId))], [a.tokenId], 'with A’s token');
      // Its ready notice, clicked while B is current, says whose asset it is instead of asking B's account.
      const before = emulator.requests.length;
      await eventually(() => assert.ok(lastMessage(/“A take” is uploaded and ready/), 'no ready notice yet'), 30_000);
      const said = await eventually(() => lastMessage(/this is about profile “Default”, not the current profile “Client”/) ?? assert.fail('not said'));
      assert.deepEqual(said.actions, ['Switch to “Default”']);
      assert.ok(emulator.requests.slice(before).every((r) => !r.url.includes(assetId) || r.tokenId === a.tokenId), 'B’s account was not asked about A’s asset');
    } finally {
      emulator.faults.clear();
      await chunkSize.update('chunkSize', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('livepeer.profiles.switch', 'Default');
    }
  });

  it('the workspace setting livepeer.profile pins the folder to a profile by name; a name no profile has selects none, and nothing calls any account', async () => {
    try {
      await pin('client');
      assert.equal(currentProfile(), 'Client');
      assert.match(profileBar().tooltip, /^Livepeer profile “Client” \(pinned by this folder\)\nProject: Client B\n/);
      // Client's own loads end first: what they ask is Client's, whenever it arrives.
      await eventually(async () => assert.deepEqual((await shown()).sort(), ['B asset', 'B key', 'B stream']));
      await pin('Staging');
      assert.equal(currentProfile(), undefined, 'no profile is current');
      assert.match(profileBar().text, /no profile “Staging”/);
      const before = emulator.requests.length;
      assert.deepEqual(await view('signingKeys').rows(), []);
      assert.deepEqual(await view('webhooks').rows(), []);
      answer(() => 'staging key');
      await vscode.commands.executeCommand('livepeer.keys.create');
      const said = await eventually(() => lastMessage(/creating a signing key/) ?? assert.fail('not said'));
      assert.match(said.message, /pinned to profile “Staging” \(setting livepeer\.profile\), which does not exist/);
      assert.deepEqual(emulator.requests.slice(before).filter((r) => r.tokenId || r.headers.authorization), [], 'no account is called, with any token');
    } finally {
      await pin(undefined);
    }
    assert.equal(currentProfile(), 'Default', 'the last chosen again');
  });

  it('a finished upload of another profile names it; Show Asset says whose it is instead of asking the current account, and never marks it deleted', async () => {
    await vscode.commands.executeCommand('livepeer.profiles.switch', 'Client');
    try {
      const finishedRow = async () => (await view('uploads').rows()).find((item) => item.label === 'A take' && /^upload (done|deleted)$/.test(item.contextValue ?? '')) ?? assert.fail('no finished row');
      const row = await eventually(finishedRow);
      assert.equal(row.contextValue, 'upload done');
      assert.match(row.description, / · Default$/, 'the row names its profile');
      assert.match(row.tooltip, /\nProfile: Default$/, 'so does its tooltip');
      const assetId = assetIdOf(row) ?? assert.fail('no asset');
      const since = emulator.requests.length;
      await vscode.commands.executeCommand('livepeer.uploads.showAsset', row.element);
      const said = lastMessage(/this is about profile “Default”, not the current profile “Client”/) ?? assert.fail('not said');
      assert.deepEqual(said.actions, ['Switch to “Default”']);
      assert.deepEqual(emulator.requests.slice(since).filter((r) => r.url.includes(assetId)).map((r) => `${r.method} ${r.url} → ${r.status}`), [], 'B’s account was not asked about A’s asset');
      assert.equal((await finishedRow()).contextValue, 'upload done', 'not marked deleted');

      clickNotification(/this is about profile “Default”/, 'Switch to “Default”');
      const shownSince = emulator.requests.length;
      await vscode.commands.executeCommand('livepeer.uploads.showAsset', (await finishedRow()).element);
      assert.equal(currentProfile(), 'Default');
      const read = emulator.requests.slice(shownSince).filter((r) => r.url === `/api/asset/${assetId}`);
      assert.deepEqual(read.map((r) => [r.tokenId, r.status]), [[a.tokenId, 200]], 'asked with A’s token, and found');
      await eventually(async () => assert.ok((await view('assets').rows()).some((item) => item.item.id === assetId), 'shown in the Assets view'));
      await vscode.commands.executeCommand('livepeer.profiles.switch', 'Client');
      await vscode.commands.executeCommand('livepeer.profiles.switch', 'Default');
      assert.equal((await finishedRow()).contextValue, 'upload done', 'still not deleted after switching back');
    } finally {
      await vscode.commands.executeCommand('livepeer.profiles.switch', 'Default');
      await eventually(async () => assert.ok((await shown()).includes('A key')));
    }
  });

  it('a load started before a switch never lands after it, and a retry after the switch is not sent with the old profile’s token', async () => {
    const keysRequests = () => emulator.requests.filter((r) => r.url.startsWith('/api/access-control/signing-key')).length;
    /** Lists the keys while every list request is held at the emulator (the tree's own too), runs `meanwhile`, then lets them be answered. */
    const heldLoad = async (meanwhile: () => Promise<void>, status?: number) => {
      const held = emulator.faults.hold({ origin: 'api', method: 'GET', path: '/api/access-control/signing-key', status, times: 1000 });
      try {
        // A read on its way from before (the view drawn after the last switch) is dropped: the load below is one of its own, held.
        await vscode.commands.executeCommand('livepeer.keys.refresh');
        const asked = keysRequests();
        const load = view('signingKeys').rows();
        await eventually(() => assert.ok(keysRequests() > asked));
        await meanwhile();
        return { since: emulator.requests.length, load };
      } finally {
        held.release();
        emulator.faults.clear();
      }
    };
    try {
      // Default's list, answered once Client is current.
      const a = await heldLoad(async () => void (await vscode.commands.executeCommand('livepeer.profiles.switch', 'Client')));
      assert.deepEqual(await a.load, [], 'Default’s keys do not show while Client is current');
      // Client's list, answered 503 (the client retries) once no profile is current.
      const b = await heldLoad(() => pin('Staging'), 503);
      assert.deepEqual(await b.load, []);
      assert.deepEqual(emulator.requests.slice(b.since).filter((r) => r.tokenId), [], 'nothing sent with a token while no profile is current');
    } finally {
      await pin(undefined);
      await vscode.commands.executeCommand('livepeer.profiles.switch', 'Default');
    }
  });

  it('a client taken before the profiles are first read never sends a later profile’s token to the base URL setting’s server', async () => {
    // A first start with no profile yet: the client then has the livepeer.baseURL setting (the emulator).
    const values = new Map<string, string>();
    const record = new Map<string, unknown>();
    const secretsChanged = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
    const storage = {
      get: async (key: string) => values.get(key),
      store: async (key: string, value: string) => void values.set(key, value),
      delete: async (key: string) => void values.delete(key),
      onDidChange: secretsChanged.event,
    } as unknown as vscode.SecretStorage;
    const memento = { keys: () => [...record.keys()], get: (key: string, fallback?: unknown) => record.get(key) ?? fallback, update: async (key: string, value: unknown) => void record.set(key, value) } as vscode.Memento;
    const profiles = new AccountProfiles(storage, memento);
    const log = vscode.window.createOutputChannel('Livepeer first start (test)', { log: true });
    const session = new Account(profiles, log, 'test');
    try {
      const early = session.client();
      await session.loaded();
      // Then profile B, with a server of its own, becomes current.
      await profiles.change(async (store) => store.choose((await store.add({ name: 'B', baseUrl: 'http://127.0.0.1:9/api', token: TOKEN_B })).id));
      const since = emulator.requests.length;
      await assert.rejects(early.keys.list(), /another base URL/);
      assert.deepEqual(emulator.requests.slice(since).filter((r) => r.tokenId === b.tokenId), [], 'B’s token never went to the base URL setting’s server');
    } finally {
      session.dispose();
      profiles.dispose();
      log.dispose();
      secretsChanged.dispose();
      // The context keys the window's own profiles set, set again by a change of profile.
      await vscode.commands.executeCommand('livepeer.profiles.switch', 'Client');
      await vscode.commands.executeCommand('livepeer.profiles.switch', 'Default');
    }
  });

  it('Set API Token sets the current profile’s token only', async () => {
    const a = emulator.accounts.callerOf(TOKEN)!;
    const b = emulator.accounts.callerOf(TOKEN_B)!;
    assert.equal(currentProfile(), 'Default');
    await vscode.commands.executeCommand('livepeer.setToken', TOKEN);
    // What each profile's views are listed with: its own token.
    const tokensOf = async (profile: string) => {
      await vscode.commands.executeCommand('livepeer.profiles.switch', profile);
      const since = emulator.requests.length;
      await freshRows('signingKeys', 'livepeer.keys.refresh');
      return [...new Set(emulator.requests.slice(since).filter((r) => r.tokenId).map((r) => r.tokenId))];
    };
    assert.deepEqual(await tokensOf('Client'), [b.tokenId]);
    assert.deepEqual(await tokensOf('Default'), [a.tokenId]);
  });

  it('Remove Profile asks (the safe answer keeps it), then deletes only that profile’s token and kept private keys', async () => {
    await vscode.commands.executeCommand('livepeer.profiles.switch', 'Client');
    answer(
      () => 'B kept',
      (request) => ((request as Message).actions.find((action) => /Keep in VS Code/.test(action)) ?? assert.fail('no keep action')),
    );
    await vscode.commands.executeCommand('livepeer.keys.create');

    answer((request) => {
      const message = request as Message;
      assert.equal(message.modal, true);
      assert.match(message.message, /Remove profile “Client”\?/);
      assert.match(message.detail ?? '', /API token and the 1 private key kept for it/);
      return undefined;
    });
    assert.equal(await vscode.commands.executeCommand('livepeer.profiles.remove', 'Client'), false);
    assert.deepEqual(await profileNames(), ['Default', 'Client'], 'kept');

    answer(() => 'Remove');
    assert.equal(await vscode.commands.executeCommand('livepeer.profiles.remove', 'Client'), true);
    assert.deepEqual(await profileNames(), ['Default']);
    await eventually(() => assert.equal(currentProfile(), 'Default', 'the only profile left is current'));
    await freshRows('signingKeys', 'livepeer.keys.refresh');
    // From here on (the Client views' last loads, sent before the removal, may still arrive until the rows above are drawn).
    const since = emulator.requests.length;
    await freshRows('signingKeys', 'livepeer.keys.refresh');
    const tokens = new Set(emulator.requests.slice(since).filter((r) => r.tokenId).map((r) => r.tokenId));
    assert.deepEqual([...tokens], [emulator.accounts.callerOf(TOKEN)?.tokenId], 'the other profile’s token stays, and is the one used');
  });

  it('the only profile follows the livepeer.baseURL setting, as the single token did', async () => {
    assert.deepEqual(await profileNames(), ['Default']);
    const local = emulator.apiUrl.replace('127.0.0.1', 'localhost');
    const config = () => vscode.workspace.getConfiguration('livepeer');
    try {
      await config().update('baseURL', local, vscode.ConfigurationTarget.Global);
      await eventually(() => assert.equal(currentBaseUrl(), local));
      assert.ok((await view('signingKeys').rows()).length > 0);
      assert.equal(emulator.requests.at(-1)?.tokenId, emulator.accounts.callerOf(TOKEN)?.tokenId);
    } finally {
      await config().update('baseURL', emulator.apiUrl, vscode.ConfigurationTarget.Global);
    }
    await eventually(() => assert.equal(currentBaseUrl(), emulator.apiUrl));
  });
});
