import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startEmulator, type Emulator } from '../emulator';
import { TOKEN, answer, asked, assertAllAnswered, clickNotification, client, contextKey, emulator, eventually, lastMessage, lastProgress, lmTools, logLines, respondWith, signIn, statusBarItems, type PromptRequest } from './harness';
import { freshRows } from './profileSteps';

const TOKEN_TARGET = 'lp-test-token-copy-target-51be07d2';
const TARGET = 'Copy target';
type Pick = Extract<PromptRequest, { kind: 'pick' }>;

/** Answers the profile quick pick with the target, checking what it offers: each other profile with its project, never the current one. */
function pickTarget(home: string) {
  return (request: PromptRequest) => {
    const items = (request as Pick).items;
    assert.ok(!items.some((item) => item.label.endsWith(` ${home}`)), 'the current profile is not offered');
    const item = items.find((candidate) => candidate.label.endsWith(` ${TARGET}`)) ?? assert.fail(`no ${TARGET} among ${JSON.stringify(items.map((i) => i.label))}`);
    assert.match(item.description ?? '', /Project/, 'the profile is named with its project');
    return item;
  };
}

/** The requests a service received that carried `token`. */
function carrying(service: Emulator, token: string) {
  return service.requests.filter((request) => String(request.headers.authorization ?? '').includes(token));
}

/** Calls a tool as VS Code's chat does (its confirmation allowed), answering its text and the confirmation's. */
async function invoke(name: string, input: object): Promise<{ text: string; confirmation?: string }> {
  const tool = lmTools.get(name) ?? assert.fail(`no tool ${name} is registered`);
  const cancel = new vscode.CancellationTokenSource();
  try {
    const prepared = await tool.prepareInvocation?.({ input }, cancel.token);
    const asked = prepared?.confirmationMessages?.message;
    const result = await tool.invoke({ input, toolInvocationToken: undefined }, cancel.token);
    const text = (result?.content ?? []).map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
    return { text, confirmation: typeof asked === 'string' ? asked : asked?.value };
  } finally {
    cancel.dispose();
  }
}

describe('Copy to Profile', () => {
  let target: Emulator;
  let home: string | undefined;
  const names = { public: 'copy me public', signed: 'copy me signed', stream: 'copy me stream', webhook: 'copy me hook', tool: 'copy me by tool' };

  before(async () => {
    if (contextKey('livepeer.hasToken') !== true) await signIn();
    home = /^\$\(account\) (.+?)(?: · .*)?$/.exec(statusBarItems().find((item) => item.id === 'livepeer.profile')?.text ?? '')?.[1];
    assert.ok(home, 'the status bar names the current profile');
    // A signing key of the source whose private key is kept in VS Code: what signs the gated asset's download.
    answer(
      () => 'copy signer',
      () => 'Keep in VS Code’s Secret Storage',
    );
    await vscode.commands.executeCommand('livepeer.keys.create');
    assertAllAnswered();
    for (const [name, policy] of [[names.public, 'public'], [names.signed, 'jwt'], [names.tool, 'public']] as const) {
      emulator.store.addAsset({ name, status: { phase: 'ready', updatedAt: Date.now() }, playbackPolicy: { type: policy } });
    }
    await client().streams.create({
      name: names.stream,
      record: true,
      playbackPolicy: { type: 'jwt' },
      profiles: [{ name: '360p0', width: 640, height: 360, bitrate: 800_000, fps: 0 }],
      multistream: { targets: [{ profile: 'source', spec: { name: 'Backup ingest', url: 'rtmp://backup.example/live/its-stream-key' } }] },
    });
    await client().webhooks.create({ name: names.webhook, url: 'https://hooks.example/livepeer', events: ['asset.ready', 'stream.started'], sharedSecret: 'source-secret-4d1f' });
    target = await startEmulator({ tokens: [TOKEN_TARGET], processingDelayMs: 50 });
    answer(
      () => TARGET,
      () => target.apiUrl,
      () => TOKEN_TARGET,
    );
    assert.equal(await vscode.commands.executeCommand('livepeer.profiles.add'), true);
    assertAllAnswered();
    await vscode.commands.executeCommand('livepeer.profiles.switch', home);
  });

  afterEach(assertAllAnswered);

  after(async () => {
    if (home) await vscode.commands.executeCommand('livepeer.profiles.switch', home);
    answer(() => 'Remove');
    await vscode.commands.executeCommand('livepeer.profiles.remove', TARGET);
    assertAllAnswered();
    await target?.close();
  });

  it('copies two selected assets (one signed) to the other profile, each followed to ready; a second copy says it is there already', async () => {
    const rows = (await freshRows('assets', 'livepeer.assets.refresh')).filter((row) => row.label === names.public || row.label === names.signed);
    assert.equal(rows.length, 2, 'both assets are listed');
    answer(pickTarget(home ?? ''));
    await vscode.commands.executeCommand('livepeer.copyTo.asset', rows[0]?.element, rows.map((row) => row.element));
    await eventually(() => assert.ok(lastMessage(new RegExp(`2 assets copied to profile “${TARGET}”: ready there`))), 20_000);
    const copies = [...target.store.assets.values()];
    assert.deepEqual(copies.map((asset) => [asset.name, asset.status.phase, asset.playbackPolicy?.type ?? 'public']).sort(), [[names.public, 'ready', 'public'], [names.signed, 'ready', 'jwt']]);
    // The target's service fetched the signed one from the source's playback origin with a playback token, never an API token.
    const signedSource = [...emulator.store.assets.values()].find((asset) => asset.name === names.signed);
    const fetched = emulator.requests.filter((request) => request.url.includes(`/${signedSource?.playbackId}/`) && /\.mp4\?jwt=/.test(request.url));
    assert.ok(fetched.length > 0 && fetched.every((request) => request.status === 200 && !request.headers.authorization), 'the signed download was fetched with its playback token alone');

    const signedRow = rows.find((row) => row.label === names.signed);
    answer(pickTarget(home ?? ''));
    await vscode.commands.executeCommand('livepeer.copyTo.asset', signedRow?.element);
    await eventually(() => assert.ok(lastMessage(new RegExp(`“${names.signed}” is in profile “${TARGET}” already`))));
    assert.equal(target.store.assets.size, 2, 'nothing was imported again');
  });

  it('copies a stream with its settings, naming the multistream target it leaves out, and a webhook with a new secret offered to copy', async () => {
    const stream = (await freshRows('streams', 'livepeer.streams.refresh')).find((row) => row.label === names.stream) ?? assert.fail('the stream is listed');
    answer(pickTarget(home ?? ''));
    await vscode.commands.executeCommand('livepeer.copyTo.stream', stream.element);
    const said = await eventually(() => lastMessage(new RegExp(`stream “${names.stream}” copied to profile “${TARGET}”`)) ?? assert.fail('no summary yet'));
    assert.match(said.message, /Not copied: its multistream targets Backup ingest/);
    const [copy] = [...target.store.streams.values()].filter((candidate) => candidate.name === names.stream);
    assert.deepEqual([copy?.record, copy?.playbackPolicy?.type, copy?.profiles?.map((profile) => profile.name), copy?.multistream?.targets?.length ?? 0], [true, 'jwt', ['360p0'], 0]);

    const webhook = (await freshRows('webhooks', 'livepeer.webhooks.refresh')).find((row) => row.label === names.webhook) ?? assert.fail('the webhook is listed');
    answer(pickTarget(home ?? ''));
    clickNotification(new RegExp(`webhook “${names.webhook}” copied to profile “${TARGET}”`), 'Copy Secret');
    await vscode.commands.executeCommand('livepeer.copyTo.webhook', webhook.element);
    const [hook] = [...target.webhooks.webhooks.values()];
    assert.deepEqual([hook?.name, hook?.url, hook?.events], [names.webhook, 'https://hooks.example/livepeer', ['asset.ready', 'stream.started']]);
    assert.ok(hook?.sharedSecret && hook.sharedSecret !== 'source-secret-4d1f', 'the copy has a secret of its own');
    await eventually(async () => assert.equal(await vscode.env.clipboard.readText(), hook.sharedSecret));
    assert.ok(!logLines().join('\n').includes(hook.sharedSecret), 'the new secret is not in the log');
  });

  it('the assistant tools: what a copy would do (read only), and Copy Asset to Profile confirmed with both profiles named', async () => {
    const [publicAsset, toolAsset] = [names.public, names.tool].map((name) => [...emulator.store.assets.values()].find((asset) => asset.name === name));
    const stream = [...emulator.store.streams.values()].find((candidate) => candidate.name === names.stream);
    const before = target.requests.filter((request) => request.method !== 'GET').length;
    const plan = JSON.parse((await invoke('livepeer_plan_copy_to_profile', { profile: TARGET, assetIds: [publicAsset?.id, toolAsset?.id], streamIds: [stream?.id] })).text) as { to: { profile: string }; items: Array<{ name: string; would: string }> };
    assert.deepEqual([plan.to.profile, plan.items.map((item) => [item.name, item.would])], [TARGET, [[names.public, 'exists there already'], [names.tool, 'be created'], [names.stream, 'exists there already']]]);
    assert.equal(target.requests.filter((request) => request.method !== 'GET').length, before, 'the plan changed nothing');

    const copied = await invoke('livepeer_copy_asset_to_profile', { assetId: toolAsset?.id, profile: TARGET });
    assert.match(copied.confirmation ?? '', new RegExp(`profile “${home}”.*profile “${TARGET}”`, 's'));
    assert.match(copied.text, new RegExp(`"name": "${names.tool}"`));
    await eventually(() => assert.equal([...target.store.assets.values()].find((asset) => asset.name === names.tool)?.status.phase, 'ready'));
  });

  it('a copy whose import fails there says which asset and why, with Retry; Retry once the source answers again gets it ready', async () => {
    const name = 'copy me though it fails';
    emulator.store.addAsset({ name, status: { phase: 'ready', updatedAt: Date.now() }, playbackPolicy: { type: 'public' } });
    const row = (await freshRows('assets', 'livepeer.assets.refresh')).find((candidate) => candidate.label === name) ?? assert.fail('the asset is listed');
    // The source's playback origin refuses its download: the target's service gives up on the import after its own retries.
    emulator.faults.fail({ origin: 'ingest', method: 'GET', path: /\.mp4$/, status: 404, times: 1000 });
    const failure = new RegExp(`copying “${name}” to profile “${TARGET}” failed: file could not be imported from URL because it was not accessible`);
    let click: (action: string | undefined) => void = () => undefined;
    const clicked = new Promise<string | undefined>((resolve) => (click = resolve));
    try {
      await respondWith(
        (request, next) => (request.kind === 'message' && failure.test(request.message) ? clicked : next(request)),
        async () => {
          answer(pickTarget(home ?? ''));
          await vscode.commands.executeCommand('livepeer.copyTo.asset', row.element);
          const said = await eventually(() => lastMessage(failure) ?? assert.fail('no failure said yet'), 20_000);
          assert.deepEqual([said.severity, said.actions], ['error', ['Retry']]);
          emulator.faults.clear();
          click('Retry');
          await eventually(() => assert.ok(lastMessage(new RegExp(`“${name}” copied to profile “${TARGET}”: ready there`))), 20_000);
        },
      );
    } finally {
      emulator.faults.clear();
      click(undefined);
    }
    const copies = [...target.store.assets.values()].filter((asset) => asset.name === name);
    assert.deepEqual(copies.map((asset) => asset.status.phase).sort(), ['failed', 'ready'], 'the failed import stays failed there, and the retry made a copy that is ready');
  });

  it('Cancel of a copy said what goes on there and what was not started, and changed nothing in the source', async () => {
    const names3 = ['cancel me 1', 'cancel me 2', 'cancel me 3'];
    for (const name of names3) emulator.store.addAsset({ name, status: { phase: 'ready', updatedAt: Date.now() }, playbackPolicy: { type: 'public' } });
    const rows = (await freshRows('assets', 'livepeer.assets.refresh')).filter((row) => names3.includes(row.label));
    assert.equal(rows.length, 3, 'the three assets are listed');
    const order = rows.map((row) => row.label);
    // The first import stays processing there; the second import's request is held until Cancel is pressed.
    target.store.tasks.injectFault({ type: 'upload', stallAt: 0.5 });
    const imports = { origin: 'api', method: 'POST', path: /^\/api\/asset\/upload\/url$/ } as const;
    target.faults.delay({ ...imports, ms: 0 });
    const held = target.faults.hold(imports);
    const [sourceMark, progressMark] = [emulator.requests.length, asked.length];
    answer(pickTarget(home ?? ''));
    const copying = vscode.commands.executeCommand('livepeer.copyTo.asset', rows[0]?.element, rows.map((row) => row.element));
    try {
      await eventually(() => assert.equal([...target.store.assets.values()].find((asset) => asset.name === order[0])?.status.phase, 'processing'), 20_000);
      await eventually(() => assert.equal(target.requests.filter((request) => request.method === 'POST' && request.url.endsWith('/asset/upload/url') && !request.status).length, 1));
      (lastProgress(new RegExp(`copying 3 assets to profile “${TARGET}”`), progressMark) ?? assert.fail('no progress shows')).cancel();
    } finally {
      held.release();
    }
    await copying;
    const said = lastMessage(new RegExp(`copying to profile “${TARGET}” cancelled`));
    assert.match(said?.message ?? '(nothing said)', /cancelled\. Imports started there, which go on: 2; not started: 1\./);
    const started = [...target.store.assets.values()].filter((asset) => names3.includes(asset.name ?? '')).map((asset) => asset.name);
    assert.deepEqual(started.sort(), order.slice(0, 2).sort(), 'the third was never imported');
    const changes = emulator.requests.slice(sourceMark).filter((request) => !['GET', 'HEAD'].includes(request.method));
    assert.deepEqual(changes.map((request) => `${request.method} ${request.url}`), [], 'nothing was changed in the source');
    assert.ok(!lastMessage(new RegExp(`“${order[1]}” copied`)), 'no copy is said ready after the Cancel');
  });

  it('sent each profile’s token only to its own service', () => {
    assert.deepEqual(carrying(emulator, TOKEN_TARGET).map((request) => request.url), [], 'the target’s token never reached the source');
    assert.deepEqual(carrying(target, TOKEN).map((request) => request.url), [], 'the source’s token never reached the target');
    assert.ok(carrying(target, TOKEN_TARGET).some((request) => request.method === 'POST' && request.url.endsWith('/asset/upload/url')), 'the imports went to the target with its own token');
  });
});
