import assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { privateKeySecretKey, tokenSecretKey, type Profile } from '../../src/profiles/profile';
import { Account } from '../../src/ui/account/account';
import type { PromptRequest } from '../../src/ui/common/prompts';
import { repairProfileNames } from '../../src/ui/profiles/profileNameRepair';
import { AccountProfiles } from '../../src/ui/profiles/accountProfiles';
import type { UploadItem } from '../../src/ui/uploads/uploadsView';
import type { UploadOutcome } from '../../src/upload';
import type { AccountToken } from '../emulator';
import { MiB, makeFile, sha256File } from '../unit/helpers/uploadFiles';
import { TOKEN, answer, api, asked, assertAllAnswered, clickNotification, emulator, eventually, lastMessage, signIn } from './harness';

const TOKEN_B = 'lp-test-token-B-7f3e0a41';

type Input = Extract<PromptRequest, { kind: 'input' }>;
type Pick = Extract<PromptRequest, { kind: 'pick' }>;
type Message = Extract<PromptRequest, { kind: 'message' }>;

/** The secret storage the profiles are kept in (to check what is and is not there). */
const secrets = (): vscode.SecretStorage => (api.profiles.store as unknown as { secrets: vscode.SecretStorage }).secrets;
/** The globalState the profiles record is kept in. */
const state = (): vscode.Memento => (api.profiles.store as unknown as { state: vscode.Memento }).state;

const profileNamed = (name: string): Profile => api.profiles.all().find((p) => p.name === name) ?? assert.fail(`no profile ${name}`);

/** Top-level labels of the three account views, message rows left out. */
async function shown(): Promise<string[]> {
  const views = [api.signingKeys, api.streams, api.assets] as Array<vscode.TreeDataProvider<vscode.TreeItem>>;
  const rows = await Promise.all(views.map(async (view) => ((await view.getChildren()) ?? []).filter((item) => item.contextValue !== 'message' && item.contextValue !== 'loadError')));
  return rows.flat().map((item) => String(item.label));
}

async function pin(name: string | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('livepeer').update('profile', name, vscode.ConfigurationTarget.Workspace);
  const pinned = (): string | undefined => {
    const current = api.profiles.why;
    return current.why === 'pinned' ? current.profile.name : current.why === 'pin not found' ? current.pinned : undefined;
  };
  await eventually(() => assert.equal(pinned()?.toLowerCase(), name?.toLowerCase()));
}

describe('Profiles', () => {
  let a: AccountToken;
  let b: AccountToken;

  before(async () => {
    await signIn();
    a = { ...emulator.accounts.callerOf(TOKEN)!, token: TOKEN };
    b = emulator.accounts.addUser({ projectName: 'Client B', token: TOKEN_B });
    emulator.store.addSigningKey({ name: 'A key', userId: a.userId, projectId: a.projectId });
    emulator.store.addStream({ name: 'A stream', userId: a.userId, projectId: a.projectId });
    emulator.store.addAsset({ name: 'A asset', userId: a.userId, projectId: a.projectId });
    emulator.store.addSigningKey({ name: 'B key', userId: b.userId, projectId: b.projectId });
    emulator.store.addStream({ name: 'B stream', userId: b.userId, projectId: b.projectId });
    emulator.store.addAsset({ name: 'B asset', userId: b.userId, projectId: b.projectId });
  });
  afterEach(assertAllAnswered);
  after(async () => {
    await pin(undefined);
    if (api.profiles.all().some((p) => p.name === 'Client') && api.profiles.all().length > 1) {
      answer(() => 'Remove');
      await vscode.commands.executeCommand('livepeer.profiles.remove', 'Client');
    }
    await vscode.commands.executeCommand('livepeer.profiles.switch', 'Default');
    await signIn();
  });

  it('the single token of the harness is profile "Default", its project learned from the API', async () => {
    const profile = api.session.profile;
    assert.equal(profile?.name, 'Default');
    assert.equal(profile?.baseUrl, emulator.apiUrl);
    await eventually(() => assert.deepEqual(api.session.profile?.project, { id: a.projectId, name: 'Default Project' }));
  });

  it('Add Profile… asks a name, a base URL (production by default) and a token checked like Set API Token, then switches to it', async () => {
    answer(
      (request) => {
        const { validateInput } = (request as Input).options;
        assert.match(String(validateInput?.('default')), /already exists/);
        return 'Client';
      },
      (request) => {
        const options = (request as Input).options;
        assert.equal(options.value, 'https://livepeer.studio/api');
        assert.match(String(options.validateInput?.('http://example.com/api')), /must use https/);
        return emulator.apiUrl;
      },
      (request) => {
        assert.equal((request as Input).options.password, true);
        return 'wrong-token';
      },
      (request) => {
        assert.match((request as Input).rejected ?? '', /rejected this API token/);
        return TOKEN_B;
      },
    );
    assert.equal(await vscode.commands.executeCommand('livepeer.profiles.add'), true);
    assert.equal(api.session.profile?.name, 'Client');
    await eventually(() => assert.deepEqual(api.session.profile?.project, { id: b.projectId, name: 'Client B' }));
    const bar = api.profileStatusBar.item;
    assert.equal(bar.text, '$(account) Client · Client B');
    assert.deepEqual(bar.backgroundColor, new vscode.ThemeColor('statusBarItem.warningBackground'), 'the emulator is not production');
    assert.equal(bar.command, 'livepeer.profiles.switch');
    assert.ok(!JSON.stringify(state().get('livepeer.profiles')).includes(TOKEN_B), 'no token in globalState');
  });

  it('switching shows each account’s keys, streams and assets, and no request made for B carries A’s token', async () => {
    await vscode.commands.executeCommand('livepeer.profiles.switch', 'Default');
    await eventually(async () => {
      const labels = await shown();
      assert.ok(['A key', 'A stream', 'A asset'].every((label) => labels.includes(label)), labels.join(', '));
      assert.ok(!labels.some((label) => label.startsWith('B ')), labels.join(', '));
    });
    const since = emulator.requests.length;
    await vscode.commands.executeCommand('livepeer.profiles.switch', 'Client');
    await eventually(async () => {
      const labels = await shown();
      assert.deepEqual(labels.sort(), ['B asset', 'B key', 'B stream']);
    });
    const carried = emulator.requests.slice(since).filter((request) => request.tokenId);
    assert.ok(carried.length >= 3, 'the views were listed again');
    const withA = carried.filter((request) => request.tokenId !== b.tokenId).map((request) => `${request.method} ${request.url}`);
    assert.deepEqual(withA, [], 'requests made after the switch with another token than B’s');
  });

  it('Switch Profile… lists each profile with its project and host, the current one marked', async () => {
    answer((request) => {
      const items = (request as Pick).items;
      const host = new URL(emulator.apiUrl).host;
      assert.deepEqual(
        items.map((item) => [item.label, item.description]),
        [
          ['$(account) Default', `Default Project · ${host}`],
          ['$(check) Client', `Client B · ${host} · current`],
          ['$(add) Add Profile…', undefined],
        ],
      );
      return items[0];
    });
    assert.equal(await vscode.commands.executeCommand('livepeer.profiles.switch'), true);
    assert.equal(api.session.profile?.name, 'Default');
  });

  it('two profiles stored under one name up to case and spaces are both kept, the later renamed and the person told; the chosen account stays current', async () => {
    await vscode.commands.executeCommand('livepeer.profiles.switch', 'Client');
    const client = profileNamed('Client');
    const record = state().get<{ profiles: Profile[] }>('livepeer.profiles') ?? assert.fail('no record');
    try {
      // As an older version or a second window could have stored them.
      await state().update('livepeer.profiles', { ...record, profiles: record.profiles.map((p) => (p.id === client.id ? { ...p, name: ' default ' } : p)) });
      await api.profiles.refresh();
      assert.deepEqual(api.profiles.all().map((p) => p.name), ['Default', 'default 2']);
      assert.equal(api.session.profile?.id, client.id, 'the chosen account stays current');
      await repairProfileNames(api.profiles, api.prompts);
      const said = lastMessage(/a second profile named “default” is now “default 2”/) ?? assert.fail('not said');
      assert.deepEqual(said.actions, ['Rename Profile']);
      assert.deepEqual(state().get<{ profiles: Profile[] }>('livepeer.profiles')?.profiles.map((p) => p.name), ['Default', 'default 2'], 'stored so');
      assert.equal(await secrets().get(tokenSecretKey(client.id)), TOKEN_B, 'its token is still its own');
    } finally {
      await api.profiles.change((store) => store.rename(client.id, 'Client'));
      await vscode.commands.executeCommand('livepeer.profiles.switch', 'Default');
    }
  });

  it('a command on a row of another profile says whose it is instead of calling the current account', async () => {
    const bKey = [...emulator.store.signingKeys.values()].find((key) => key.name === 'B key') ?? assert.fail('no B key');
    const before = emulator.requests.length;
    await vscode.commands.executeCommand('livepeer.keys.disable', { ...bKey });
    const said = await eventually(() => lastMessage(/belongs to profile “Client”/) ?? assert.fail('not said'));
    assert.match(said.message, /switch to “Client” first/);
    assert.equal(emulator.requests.slice(before).filter((r) => r.method !== 'GET').length, 0, 'nothing was changed');
    assert.ok(!bKey.disabled);
  });

  it('a project learned for a profile is learned again when the service says otherwise (a restarted emulator), not turned into a refusal', async () => {
    assert.equal(api.session.profile?.name, 'Default');
    const aKey = [...emulator.store.signingKeys.values()].find((key) => key.name === 'A key') ?? assert.fail('no A key');
    const stale = { id: 'project-of-an-earlier-run', name: 'Default Project' };
    await api.profiles.change((store) => store.learnProject(profileNamed('Default').id, stale));
    const since = asked.length;
    try {
      await vscode.commands.executeCommand('livepeer.keys.rename', { ...aKey }, 'A key renamed');
      assert.equal(emulator.store.signingKeys.get(aKey.id)?.name, 'A key renamed');
      assert.deepEqual(asked.slice(since).filter((r) => r.kind === 'message').map((r) => (r as Message).message), [], 'nothing refused');
      assert.deepEqual(profileNamed('Default').project, { id: a.projectId, name: 'Default Project' }, 'learned again');

      // A project the service does not name for this key is still refused, after learning again.
      const before = emulator.requests.length;
      await vscode.commands.executeCommand('livepeer.keys.rename', { ...aKey, projectId: 'someone-elses-project' }, 'taken');
      assert.match(lastMessage(/could not|renaming/)?.message ?? '', /belongs to another project than the current profile “Default”/);
      assert.equal(emulator.requests.slice(before).filter((r) => r.method !== 'GET').length, 0);
    } finally {
      const key = emulator.store.signingKeys.get(aKey.id);
      if (key) key.name = 'A key';
      await api.profiles.change((store) => store.learnProject(profileNamed('Default').id, { id: a.projectId, name: 'Default Project' }));
    }
  });

  it('a notification clicked after a switch says which profile it is about instead of acting on the current one', async () => {
    const aKey = [...emulator.store.signingKeys.values()].find((key) => key.name === 'A key') ?? assert.fail('no A key');
    // The deploy step's notification waits for a click while the person switches to B.
    const responder = api.prompts.responder!;
    let click: (action: string | undefined) => void = () => undefined;
    api.prompts.responder = (request) => {
      if (request.kind !== 'message' || !/Rotate \(2\/3\)/.test(request.message)) return responder(request);
      asked.push(request);
      return new Promise((resolve) => (click = resolve));
    };
    try {
      answer(
        () => 'A key v2',
        (request) => (request as Message).actions.find((action) => /Keep in VS Code/.test(action)),
      );
      await vscode.commands.executeCommand('livepeer.keys.rotate', { ...aKey });
    } finally {
      api.prompts.responder = responder;
    }
    assert.ok(api.signingKeys.rotations.of(aKey.id), 'the rotation is A’s');
    await vscode.commands.executeCommand('livepeer.profiles.switch', 'Client');
    assert.equal(api.signingKeys.rotations.of(aKey.id), undefined, 'rotations are per profile');
    const since = emulator.requests.length;
    click('Continue Rotation');
    const said = await eventually(() => lastMessage(/this is about profile “Default”, not the current profile “Client”/) ?? assert.fail('not said'));
    assert.deepEqual(said.actions, ['Switch to “Default”']);
    assert.ok(!asked.some((r) => r.kind === 'message' && /no signing key rotation is in progress/.test(r.message)));
    assert.ok(emulator.requests.slice(since).every((r) => r.tokenId !== a.tokenId), 'nothing was asked with A’s token while B is current');
    await vscode.commands.executeCommand('livepeer.profiles.switch', 'Default');
    assert.ok(api.signingKeys.rotations.of(aKey.id), 'A’s rotation is there again');
  });

  it('an upload started in A, interrupted, then resumed while B is current lands in A’s asset with A’s token; its row names A', async () => {
    const file = path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, 'profile take.mkv');
    makeFile(file, 28 * MiB + 321);
    const chunkSize = vscode.workspace.getConfiguration('livepeer.upload');
    await chunkSize.update('chunkSize', 8, vscode.ConfigurationTarget.Global);
    const responder = api.prompts.responder!;
    let clicked = false;
    // The person clicks Copy Playback URL on the upload's ready notice (whenever it comes).
    api.prompts.responder = (request) => {
      if (request.kind !== 'message' || !/“A take” is uploaded and ready/.test(request.message)) return responder(request);
      asked.push(request);
      clicked = true;
      return 'Copy Playback URL';
    };
    try {
      emulator.faults.delay({ origin: 'ingest', method: 'PATCH', path: /\/upload\/tus\/.+/, ms: 400, times: 10_000 });
      const uri = vscode.Uri.file(file);
      const finished = vscode.commands.executeCommand<UploadOutcome[]>('livepeer.uploads.upload', uri, [uri], { name: 'A take', method: 'tus' });
      const running = await eventually(() => api.uploads.manager.runningUploads.find((u) => u.progress.bytesSent >= 8 * MiB) ?? assert.fail('not under way'));
      api.uploads.manager.pause(running);
      assert.equal((await finished)[0].status, 'paused');
      emulator.faults.clear();
      await vscode.commands.executeCommand('livepeer.profiles.switch', 'Client');

      const row = await eventually(async () => ((await api.uploads.view.getChildren()) as UploadItem[]).find((item) => item.entry?.assetName === 'A take') ?? assert.fail('no row'));
      assert.match(String(row.description), /Default/, 'the row names the profile it belongs to');
      const assetId = row.entry!.assetId;
      assert.equal(emulator.store.assets.get(assetId)?.projectId, a.projectId);
      const since = emulator.requests.length;
      const outcome = await vscode.commands.executeCommand<UploadOutcome>('livepeer.uploads.resume', row);
      assert.equal(outcome?.status, 'done', JSON.stringify(outcome));
      assert.equal(outcome.status === 'done' && outcome.result.assetId, assetId);
      assert.equal(await emulator.uploadedSha256(assetId), await sha256File(file), 'A’s asset has the whole file');
      assert.equal(api.session.profile?.name, 'Client', 'B stays current');
      const aboutAsset = emulator.requests.slice(since).filter((r) => r.url.includes(assetId) && r.origin === 'api');
      assert.ok(aboutAsset.length > 0, 'the arrival check asked about A’s asset');
      assert.deepEqual([...new Set(aboutAsset.map((r) => r.tokenId))], [a.tokenId], 'with A’s token');
      // Its ready notice, clicked while B is current, says whose asset it is instead of asking B's account.
      const before = emulator.requests.length;
      await eventually(() => assert.ok(clicked, 'no ready notice yet'), 30_000);
      const said = await eventually(() => lastMessage(/this is about profile “Default”, not the current profile “Client”/) ?? assert.fail('not said'));
      assert.deepEqual(said.actions, ['Switch to “Default”']);
      assert.ok(emulator.requests.slice(before).every((r) => !r.url.includes(assetId) || r.tokenId === a.tokenId), 'B’s account was not asked about A’s asset');
    } finally {
      api.prompts.responder = responder;
      emulator.faults.clear();
      await chunkSize.update('chunkSize', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('livepeer.profiles.switch', 'Default');
    }
  });

  it('the workspace setting livepeer.profile pins the folder to a profile by name; a name no profile has selects none, and nothing calls any account', async () => {
    try {
      await pin('client');
      assert.equal(api.session.profile?.name, 'Client');
      assert.match(String(api.profileStatusBar.item.tooltip), /^Livepeer profile “Client” \(pinned by this folder\)\nProject: Client B\n/);
      // Client's own loads end first: what they ask is Client's, whenever it arrives.
      await eventually(async () => assert.deepEqual((await shown()).sort(), ['B asset', 'B key', 'B stream']));
      await pin('Staging');
      assert.equal(api.session.hasToken, false);
      assert.match(api.profileStatusBar.item.text, /no profile “Staging”/);
      const before = emulator.requests.length;
      assert.deepEqual(await api.signingKeys.getChildren(), []);
      assert.deepEqual(await api.webhooks.getChildren(), []);
      answer(() => 'staging key');
      await vscode.commands.executeCommand('livepeer.keys.create');
      const said = await eventually(() => lastMessage(/creating a signing key/) ?? assert.fail('not said'));
      assert.match(said.message, /pinned to profile “Staging” \(setting livepeer\.profile\), which does not exist/);
      assert.deepEqual(emulator.requests.slice(before).filter((r) => r.tokenId || r.headers.authorization), [], 'no account is called, with any token');
    } finally {
      await pin(undefined);
    }
    assert.equal(api.session.profile?.name, 'Default', 'the last chosen again');
  });

  it('a finished upload of another profile names it; Show Asset says whose it is instead of asking the current account, and never marks it deleted', async () => {
    await vscode.commands.executeCommand('livepeer.profiles.switch', 'Client');
    try {
      const finishedRow = async () => ((await api.uploads.view.getChildren()) as UploadItem[]).find((item) => item.finished?.name === 'A take') ?? assert.fail('no finished row');
      const row = await eventually(finishedRow);
      assert.equal(row.contextValue, 'upload done');
      assert.match(String(row.description), / · Default$/, 'the row names its profile');
      assert.match((row.tooltip as vscode.MarkdownString).value, /\nProfile: Default$/, 'so does its tooltip');
      const assetId = row.finished?.assetId ?? assert.fail('no asset');
      const since = emulator.requests.length;
      await vscode.commands.executeCommand('livepeer.uploads.showAsset', row);
      const said = lastMessage(/this is about profile “Default”, not the current profile “Client”/) ?? assert.fail('not said');
      assert.deepEqual(said.actions, ['Switch to “Default”']);
      assert.deepEqual(emulator.requests.slice(since).filter((r) => r.url.includes(assetId)).map((r) => `${r.method} ${r.url} → ${r.status}`), [], 'B’s account was not asked about A’s asset');
      assert.equal((await finishedRow()).contextValue, 'upload done', 'not marked deleted');

      clickNotification(/this is about profile “Default”/, 'Switch to “Default”');
      const shownSince = emulator.requests.length;
      await vscode.commands.executeCommand('livepeer.uploads.showAsset', await finishedRow());
      assert.equal(api.session.profile?.name, 'Default');
      const read = emulator.requests.slice(shownSince).filter((r) => r.url === `/api/asset/${assetId}`);
      assert.deepEqual(read.map((r) => [r.tokenId, r.status]), [[a.tokenId, 200]], 'asked with A’s token, and found');
      assert.ok(await api.assets.itemFor(assetId), 'shown in the Assets view');
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
        const asked = keysRequests();
        const load = api.signingKeys.getChildren();
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
      // The context keys the window's own profiles set.
      await api.profiles.refresh();
    }
  });

  it('Set API Token sets the current profile’s token only', async () => {
    await vscode.commands.executeCommand('livepeer.setToken', TOKEN);
    assert.equal(await secrets().get(tokenSecretKey(profileNamed('Default').id)), TOKEN);
    assert.equal(await secrets().get(tokenSecretKey(profileNamed('Client').id)), TOKEN_B);
  });

  it('Remove Profile asks (the safe answer keeps it), then deletes only that profile’s token and kept private keys', async () => {
    await vscode.commands.executeCommand('livepeer.profiles.switch', 'Client');
    answer(
      () => 'B kept',
      (request) => ((request as Message).actions.find((action) => /Keep in VS Code/.test(action)) ?? assert.fail('no keep action')),
    );
    await vscode.commands.executeCommand('livepeer.keys.create');
    const client = profileNamed('Client');
    const defaultProfile = profileNamed('Default');
    assert.equal(client.privateKeys.length, 1);
    const kept = privateKeySecretKey(client.id, client.privateKeys[0].id);
    assert.ok(await secrets().get(kept));

    answer((request) => {
      const message = request as Message;
      assert.equal(message.modal, true);
      assert.match(message.message, /Remove profile “Client”\?/);
      assert.match(message.detail ?? '', /API token and the 1 private key kept for it/);
      return undefined;
    });
    assert.equal(await vscode.commands.executeCommand('livepeer.profiles.remove', 'Client'), false);
    assert.equal(await secrets().get(tokenSecretKey(client.id)), TOKEN_B, 'kept');

    answer(() => 'Remove');
    assert.equal(await vscode.commands.executeCommand('livepeer.profiles.remove', 'Client'), true);
    assert.equal(await secrets().get(tokenSecretKey(client.id)), undefined);
    assert.equal(await secrets().get(kept), undefined);
    assert.equal(await secrets().get(tokenSecretKey(defaultProfile.id)), TOKEN, 'the other profile’s token stays');
    assert.deepEqual(
      api.profiles.all().map((p) => p.name),
      ['Default'],
    );
    assert.equal(api.session.profile?.name, 'Default', 'the only profile left is current');
  });

  it('the only profile follows the livepeer.baseURL setting, as the single token did', async () => {
    assert.equal(api.profiles.all().length, 1);
    const local = emulator.apiUrl.replace('127.0.0.1', 'localhost');
    const config = () => vscode.workspace.getConfiguration('livepeer');
    try {
      await config().update('baseURL', local, vscode.ConfigurationTarget.Global);
      await eventually(() => assert.equal(api.session.profile?.baseUrl, local));
      assert.ok(await api.signingKeys.getChildren());
      assert.equal(emulator.requests.at(-1)?.tokenId, emulator.accounts.callerOf(TOKEN)?.tokenId);
    } finally {
      await config().update('baseURL', emulator.apiUrl, vscode.ConfigurationTarget.Global);
    }
    await eventually(() => assert.equal(api.session.profile?.baseUrl, emulator.apiUrl));
  });
});
