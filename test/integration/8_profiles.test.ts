import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { TOKEN, answer, asked, assertAllAnswered, emulator, eventually, lastMessage, respondWith, signIn, view, type PromptRequest } from './harness';
import { TOKEN_B, currentBaseUrl, currentProfile, currentProject, freshRows, profileBar, shown } from './profileSteps';

type Input = Extract<PromptRequest, { kind: 'input' }>;
type Pick = Extract<PromptRequest, { kind: 'pick' }>;
type Message = Extract<PromptRequest, { kind: 'message' }>;

// The profile store itself (tokens only in secret storage, names repaired, a removed profile's
// secrets deleted) is checked without VS Code in test/unit/profiles.test.ts.
describe('Profiles', () => {
  let a: { userId: string; projectId: string; tokenId: string };
  let b: { userId: string; projectId: string; tokenId: string };

  before(async () => {
    await signIn();
    a = emulator.accounts.callerOf(TOKEN)!;
    b = emulator.accounts.addUser({ projectName: 'Client B', token: TOKEN_B });
    emulator.store.addSigningKey({ name: 'A key', userId: a.userId, projectId: a.projectId });
    emulator.store.addStream({ name: 'A stream', userId: a.userId, projectId: a.projectId });
    emulator.store.addAsset({ name: 'A asset', userId: a.userId, projectId: a.projectId });
    emulator.store.addSigningKey({ name: 'B key', userId: b.userId, projectId: b.projectId });
    emulator.store.addStream({ name: 'B stream', userId: b.userId, projectId: b.projectId });
    emulator.store.addAsset({ name: 'B asset', userId: b.userId, projectId: b.projectId });
  });
  afterEach(assertAllAnswered);

  it('the single token of the harness is profile "Default", its project learned from the API', async () => {
    assert.equal(currentProfile(), 'Default');
    assert.equal(currentBaseUrl(), emulator.apiUrl);
    await eventually(() => assert.equal(currentProject(), 'Default Project'));
    assert.ok(emulator.requests.some((r) => r.url === '/api/project' && r.tokenId === a.tokenId && r.status === 200), 'asked the API');
  });

  it('Add Profile… asks a name, a base URL (production by default) and a token checked like Set API Token, then switches to it', async () => {
    answer(
      (request) => {
        const options = (request as Input).options;
        assert.match(options.validateInput?.('default') as string, /already exists/);
        return 'Client';
      },
      (request) => {
        const options = (request as Input).options;
        assert.equal(options.value, 'https://livepeer.studio/api');
        assert.match(options.validateInput?.('http://example.com/api') as string, /must use https/);
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
    assert.equal(currentProfile(), 'Client');
    await eventually(() => assert.equal(currentProject(), 'Client B'));
    const bar = profileBar().item;
    assert.equal(bar.text, '$(account) Client · Client B');
    assert.deepEqual(bar.backgroundColor, new vscode.ThemeColor('statusBarItem.warningBackground'), 'the emulator is not production');
    assert.equal(bar.command, 'livepeer.profiles.switch');
  });

  it('switching shows each account’s keys, streams and assets, and no request made for B carries A’s token', async () => {
    const toA = emulator.requests.length;
    await vscode.commands.executeCommand('livepeer.profiles.switch', 'Default');
    await eventually(async () => {
      const labels = await shown();
      assert.ok(['A key', 'A stream', 'A asset'].every((label) => labels.includes(label)), labels.join(', '));
      assert.ok(!labels.some((label) => label.startsWith('B ')), labels.join(', '));
    });
    // Live rows show from the list and then read their sessions (for "live 1h 20m"): A's own reads,
    // answered before the switch so that a late one is not taken for a request made for B.
    await eventually(async () => {
      const live = (await view('streams').rows()).flatMap((row) => {
        const stream = (row.element as { stream?: { id: string; isActive?: boolean } }).stream;
        return stream?.isActive ? [stream.id] : [];
      });
      const read = emulator.requests.slice(toA).filter((r) => r.status !== undefined && r.tokenId === a.tokenId);
      assert.deepEqual(live.filter((id) => !read.some((r) => r.url.startsWith(`/api/stream/${id}/sessions`))), [], 'live streams whose sessions were not read yet');
    });
    // A's other views (Webhooks, Tasks, whose next page is read once the first shows) load as well:
    // every read made since switching to A answered before the switch, so that none is taken for a request made for B.
    await eventually(async () => {
      for (const name of ['webhooks', 'tasks'] as const) assert.ok((await view(name).rows()).length, `${name} shows rows`);
      const open = emulator.requests.slice(toA).filter((request) => request.status === undefined).map((request) => `${request.method} ${request.url}`);
      assert.deepEqual(open, [], 'requests still unanswered');
    });
    const since = emulator.requests.length;
    await vscode.commands.executeCommand('livepeer.profiles.switch', 'Client');
    await eventually(async () => {
      const labels = await shown();
      assert.deepEqual(labels.sort(), ['B asset', 'B key', 'B stream']);
    });
    // A page read ahead (cursor=) is A's, started once A's first page showed: B's lists here have one page each.
    const carried = emulator.requests.slice(since).filter((request) => request.tokenId && !/[?&]cursor=/.test(request.url));
    assert.ok(carried.length >= 3, 'the views were listed again');
    const withA = carried.filter((request) => request.tokenId !== b.tokenId).map((request) => `${request.method} ${request.url}`);
    assert.deepEqual(withA, [], 'requests made after the switch with another token than B’s');
  });

  it('Switch Profile… lists each profile with its project and host, the current one marked, then Add Profile… and Start Local Studio', async () => {
    answer((request) => {
      const items = (request as Pick).items;
      const host = new URL(emulator.apiUrl).host;
      assert.deepEqual(
        items.map((item) => [item.label, item.description]),
        [
          ['$(account) Default', `Default Project · ${host}`],
          ['$(check) Client', `Client B · ${host} · current`],
          ['$(add) Add Profile…', undefined],
          ['$(server-process) Start Local Studio', 'Livepeer Studio on this machine, no account needed'],
        ],
      );
      return items[0];
    });
    assert.equal(await vscode.commands.executeCommand('livepeer.profiles.switch'), true);
    assert.equal(currentProfile(), 'Default');
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
    assert.equal(currentProfile(), 'Default');
    const aKey = [...emulator.store.signingKeys.values()].find((key) => key.name === 'A key') ?? assert.fail('no A key');
    // A new token forgets the project, which is learned again: from a service that answers with an earlier run's project.
    const stale = { id: 'project-of-an-earlier-run', name: 'Default Project' };
    const learned = emulator.requests.length;
    emulator.faults.fail({ origin: 'api', method: 'GET', path: '/api/project', status: 200, body: [stale] });
    await vscode.commands.executeCommand('livepeer.setToken', TOKEN);
    await eventually(() => assert.ok(emulator.requests.slice(learned).some((r) => r.url === '/api/project' && r.status === 200), 'the stale project was learned'));
    await eventually(() => assert.equal(currentProject(), 'Default Project'));
    const since = asked.length;
    const relearned = emulator.requests.length;
    try {
      await vscode.commands.executeCommand('livepeer.keys.rename', { ...aKey }, 'A key renamed');
      assert.equal(emulator.store.signingKeys.get(aKey.id)?.name, 'A key renamed');
      assert.deepEqual(asked.slice(since).filter((r) => r.kind === 'message').map((r) => r.message), [], 'nothing refused');
      assert.ok(emulator.requests.slice(relearned).some((r) => r.url === '/api/project' && r.status === 200), 'learned again');

      // A project the service does not name for this key is still refused, after learning again.
      const before = emulator.requests.length;
      await vscode.commands.executeCommand('livepeer.keys.rename', { ...aKey, projectId: 'someone-elses-project' }, 'taken');
      assert.match(lastMessage(/could not|renaming/)?.message ?? '', /belongs to another project than the current profile “Default”/);
      assert.equal(emulator.requests.slice(before).filter((r) => r.method !== 'GET').length, 0);
    } finally {
      emulator.faults.clear();
      const key = emulator.store.signingKeys.get(aKey.id);
      if (key) key.name = 'A key';
    }
  });

  it('a notification clicked after a switch says which profile it is about instead of acting on the current one', async () => {
    const aKey = [...emulator.store.signingKeys.values()].find((key) => key.name === 'A key') ?? assert.fail('no A key');
    // The deploy step's notification waits for a click while the person switches to B.
    let click: (action: string | undefined) => void = () => undefined;
    answer(
      () => 'A key v2',
      (request) => (request as Message).actions.find((action) => /Keep in VS Code/.test(action)),
    );
    await respondWith(
      (request, next) => (request.kind === 'message' && /Rotate \(2\/3\)/.test(request.message) ? new Promise((resolve) => (click = resolve)) : next(request)),
      async () => vscode.commands.executeCommand('livepeer.keys.rotate', { ...aKey }),
    );
    const beingReplaced = async () => (await freshRows('signingKeys', 'livepeer.keys.refresh')).filter((row) => /being replaced/.test(row.description)).map((row) => row.label);
    assert.deepEqual(await beingReplaced(), ['A key'], 'the rotation is A’s');
    await vscode.commands.executeCommand('livepeer.profiles.switch', 'Client');
    await eventually(async () => assert.ok((await shown()).includes('B key')));
    assert.deepEqual(await beingReplaced(), [], 'rotations are per profile');
    const since = emulator.requests.length;
    click('Continue Rotation');
    const said = await eventually(() => lastMessage(/this is about profile “Default”, not the current profile “Client”/) ?? assert.fail('not said'));
    assert.deepEqual(said.actions, ['Switch to “Default”']);
    assert.ok(!asked.some((r) => r.kind === 'message' && /no signing key rotation is in progress/.test(r.message)));
    assert.ok(emulator.requests.slice(since).every((r) => r.tokenId !== a.tokenId), 'nothing was asked with A’s token while B is current');
    await vscode.commands.executeCommand('livepeer.profiles.switch', 'Default');
    await eventually(async () => assert.deepEqual(await beingReplaced(), ['A key'], 'A’s rotation is there again'));
  });
});
