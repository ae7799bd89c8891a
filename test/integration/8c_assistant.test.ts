import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { verifyPlaybackToken } from '../../src/api/playback/token';
import { MiB, makeFile } from '../unit/helpers/uploadFiles';
import { TOKEN, emulator, eventually, lmTools, signIn, view } from './harness';
import { currentProfile, currentProject } from './profileSteps';
import { assetIdOf } from './uploadSteps';

const NAMES = (vscode.extensions.getExtension('livepeer-studio-tools.livepeer-studio')?.packageJSON as { contributes: { languageModelTools: Array<{ name: string }> } }).contributes.languageModelTools.map((tool) => tool.name);

/** A change's confirmation, as VS Code shows it before the call. */
interface Confirmation {
  title: string;
  message: string;
}
const confirmations: Confirmation[] = [];

/** Calls the tool as VS Code's chat does: prepareInvocation (its confirmation, which the person allows), then invoke. */
async function invoke(name: string, input: object): Promise<string> {
  const tool = lmTools.get(name) ?? assert.fail(`no tool ${name} is registered`);
  const cancel = new vscode.CancellationTokenSource();
  try {
    const prepared = await tool.prepareInvocation?.({ input }, cancel.token);
    const asked = prepared?.confirmationMessages;
    if (asked) confirmations.push({ title: asked.title, message: typeof asked.message === 'string' ? asked.message : asked.message.value });
    const result = await tool.invoke({ input, toolInvocationToken: undefined }, cancel.token);
    return (result?.content ?? []).map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
  } finally {
    cancel.dispose();
  }
}

/** The tools registered with VS Code now. */
const active = (): string[] => [...lmTools.keys()];

async function setMode(target: vscode.ConfigurationTarget, mode: string | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('livepeer').update('assistantTools', mode, target);
}

function registered(): string[] {
  return vscode.lm.tools.map((tool) => tool.name).filter((name) => name.startsWith('livepeer_'));
}

/** Every secret the emulator holds: none may reach a tool result. */
function secrets(): string[] {
  return [TOKEN, ...[...emulator.store.streams.values()].map((s) => s.streamKey ?? ''), ...emulator.store.issuedPrivateKeys].filter(Boolean);
}

function assertNoSecret(text: string): void {
  for (const secret of secrets()) assert.ok(!text.includes(secret), `a secret in: ${text.slice(0, 300)}`);
}

describe('assistant tools in VS Code (vscode.lm)', () => {
  before(async () => {
    await signIn();
    await eventually(() => assert.ok(currentProject(), 'the profile learned its project'));
  });

  after(async () => {
    await setMode(vscode.ConfigurationTarget.Workspace, undefined);
    await setMode(vscode.ConfigurationTarget.Global, undefined);
  });

  it('registers every contributed tool, and reads answer from the current profile without secrets', async () => {
    await eventually(() => assert.deepEqual(registered().sort(), [...NAMES].sort()));
    assert.deepEqual(active(), NAMES);
    const stream = emulator.store.addStream({ name: 'assistant stream', record: true });
    const account = JSON.parse(await invoke('livepeer_current_account', {})) as { profile: string; project: { name: string } };
    assert.equal(account.profile, currentProfile());
    assert.equal(account.project.name, currentProject());
    const list = JSON.parse(await invoke('livepeer_list_streams', { name: 'assistant', limit: 5 })) as { count: number; items: Array<{ id: string }> };
    assert.deepEqual(list.items.map((row) => row.id), [stream.id]);
    const details = await invoke('livepeer_get_stream', { streamId: stream.id });
    assert.match(details, /\{streamKey\}/);
    assertNoSecret(details);
  });

  it('a change asks first, naming the profile, its project and the change; then it is made, without the stream key', async () => {
    confirmations.length = 0;
    const text = await invoke('livepeer_create_stream', { name: 'made in chat', playback: 'jwt' });
    const [confirmation] = confirmations;
    assert.ok(confirmation, 'a confirmation was asked for');
    assert.equal(confirmation.title, 'Livepeer: Create Stream');
    assert.match(confirmation.message, new RegExp(`profile “${currentProfile()}”, project “${currentProject()}”`));
    assert.match(confirmation.message, /create the stream “made in chat” \(signed playback, not recorded\)/);
    const stored = [...emulator.store.streams.values()].find((stream) => stream.name === 'made in chat');
    assert.equal(stored?.playbackPolicy?.type, 'jwt');
    assertNoSecret(text);
  });

  it('creates a signing key whose private key stays in VS Code, and signs a token with it', async () => {
    // The suites before this one leave keys, and the service allows ten per user: room for one more.
    const keys = [...emulator.store.signingKeys.keys()];
    for (const id of keys.slice(0, Math.max(0, keys.length - 8))) emulator.store.signingKeys.delete(id);
    const answer = await invoke('livepeer_create_signing_key', { name: 'assistant key' });
    assert.ok(answer.startsWith('{'), answer);
    const created = JSON.parse(answer) as { created: { id: string; publicKey: string } };
    await vscode.commands.executeCommand('livepeer.keys.refresh');
    const keyRow = await eventually(async () => (await view('signingKeys').rows()).find((row) => row.label === 'assistant key') ?? assert.fail('the key is listed'));
    const tooltip = await keyRow.hover();
    assert.match(tooltip, /Private key: kept in VS Code’s secret storage/, `its private key is kept; the tooltip: ${tooltip}`);
    const playbackId = [...emulator.store.streams.values()].find((stream) => stream.name === 'made in chat')?.playbackId ?? '';
    const signed = JSON.parse(await invoke('livepeer_sign_playback_token', { playbackId, keyId: created.created.id, expiresInSeconds: 600 })) as { token: string };
    assert.equal(verifyPlaybackToken(signed.token, { playbackId, publicKey: created.created.publicKey }).ok, true);
    const access = await invoke('livepeer_check_playback_access', { playbackId, keyId: created.created.id });
    assert.match(access, /"allowed": true/);
    for (const name of ['livepeer_list_signing_keys', 'livepeer_list_assets', 'livepeer_list_webhooks', 'livepeer_viewership']) {
      assertNoSecret(await invoke(name, name === 'livepeer_viewership' ? { playbackId } : {}));
    }
  });

  it('imports from a URL and cuts a clip, each confirmed naming the profile, project and change; why-not-ready explains the import', async () => {
    confirmations.length = 0;
    const imported = JSON.parse(await invoke('livepeer_import_from_url', { url: 'http://127.0.0.1:9/chat.mp4', name: 'chat import' })) as { importing: { id: string }; taskId: string };
    const stream = emulator.store.addStream({ name: 'clip source' });
    emulator.store.startSession(stream, { createdAt: Date.now() - 60_000 });
    const clip = JSON.parse(await invoke('livepeer_create_clip', { streamId: stream.id, lastSeconds: 20, name: 'chat clip' })) as { created: { id: string } };
    const account = `profile “${currentProfile()}”, project “${currentProject()}”`;
    assert.deepEqual(
      confirmations.map(({ title, message }) => [title, message.includes(account)]),
      [['Livepeer: Import Video from URL', true], ['Livepeer: Create Clip', true]],
    );
    assert.match(confirmations[0]?.message ?? '', /import the video at http:\/\/127\.0\.0\.1:9\/chat\.mp4 as a new asset “chat import” \(public playback\)/);
    assert.match(confirmations[1]?.message ?? '', new RegExp(`cut a clip of the last 20 s of the latest session of the stream ${stream.id} as a new asset, named “chat clip”`));
    assert.equal(emulator.store.assets.get(imported.importing.id)?.name, 'chat import');
    assert.equal(emulator.store.assets.get(clip.created.id)?.source?.type, 'clip');
    try {
      // Nothing answers at that address: the service's fetch fails, and the tool says to fix the URL.
      await eventually(() => assert.equal(emulator.store.assets.get(imported.importing.id)?.status.phase, 'failed'));
      const why = JSON.parse(await invoke('livepeer_why_not_ready', { assetId: imported.importing.id })) as { facts: string[]; step: string };
      assert.equal(why.step, 'fixUrl', why.facts.join('\n'));
      assert.ok(why.facts.some((fact) => fact.startsWith('Task: import')), why.facts.join('\n'));
      assert.equal(confirmations.length, 2, 'a read asks nothing');
    } finally {
      // The Profiles suite counts assets: leave none.
      for (const id of [imported.importing.id, clip.created.id]) emulator.store.assets.delete(id);
      emulator.store.streams.delete(stream.id);
    }
  });

  it('uploads a file of the open folder through the upload queue, confirmed with its path, size and profile; a link leading outside is refused', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
    const file = makeFile(path.join(folder, 'assistant upload.mp4'), 3 * MiB);
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'assistant-outside-'));
    const link = path.join(folder, 'assistant link.mp4');
    fs.symlinkSync(makeFile(path.join(outside, 'private.mp4'), MiB), link);
    let assetId = '';
    try {
      confirmations.length = 0;
      const refused = await invoke('livepeer_upload_file', { path: 'assistant link.mp4' });
      assert.match(refused, /is outside the open folders \(links followed\)/);
      const underWay = (await view('uploads').rows()).filter((row) => /^upload (queued|running)/.test(row.contextValue ?? ''));
      assert.deepEqual([confirmations.length, underWay.length], [0, 0], 'nothing confirmed, nothing queued');
      const answer = JSON.parse(await invoke('livepeer_upload_file', { path: 'assistant upload.mp4', name: 'from chat' })) as { assetId: string; state: string; sizeBytes: number };
      assetId = answer.assetId;
      assert.equal(answer.sizeBytes, 3 * MiB);
      assert.ok(assetId, JSON.stringify(answer));
      assert.equal(confirmations.length, 1);
      assert.match(confirmations[0]?.message ?? '', new RegExp(`profile “${currentProfile()}”`));
      assert.ok(confirmations[0]?.message.includes(`upload the file ${fs.realpathSync(file)} (3.1 MB) as a new asset “from chat”`), confirmations[0]?.message);
      // The same queue as a right-click: the Uploads view's history gets it, and the asset its bytes.
      const row = await eventually(async () => {
        const found = (await view('uploads').rows()).find((r) => assetIdOf(r) === assetId);
        assert.equal(found?.contextValue, 'upload done', 'the upload finished');
        return found;
      }, 30_000);
      assert.equal(row.label, 'from chat');
      assert.equal(await vscode.commands.executeCommand('livepeer.uploads.remove', row.element), true);
    } finally {
      if (assetId) emulator.store.assets.delete(assetId);
      fs.rmSync(file, { force: true });
      fs.rmSync(link, { force: true });
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it('readOnly refuses every change, and a folder cannot loosen it: the strictest value wins', async () => {
    await setMode(vscode.ConfigurationTarget.Global, 'readOnly');
    await setMode(vscode.ConfigurationTarget.Workspace, 'ask');
    try {
      confirmations.length = 0;
      const text = await invoke('livepeer_create_stream', { name: 'refused' });
      assert.match(text, /read-only here \(setting livepeer\.assistantTools\)/);
      assert.deepEqual(confirmations, [], 'nothing to confirm: it is refused');
      assert.ok(![...emulator.store.streams.values()].some((stream) => stream.name === 'refused'));
      assert.match(await invoke('livepeer_import_from_url', { url: 'http://127.0.0.1:9/refused.mp4', name: 'refused import' }), /read-only here/);
      assert.ok(![...emulator.store.assets.values()].some((asset) => asset.name === 'refused import'));
      assert.match(await invoke('livepeer_list_streams', { limit: 1 }), /"count": 1/);
    } finally {
      await setMode(vscode.ConfigurationTarget.Workspace, undefined);
      await setMode(vscode.ConfigurationTarget.Global, undefined);
    }
  });

  it('off registers nothing (a folder may turn it off); back on, all return', async () => {
    await setMode(vscode.ConfigurationTarget.Workspace, 'off');
    try {
      // VS Code still lists contributed tools; none has an implementation, so a call fails.
      await eventually(() => assert.deepEqual(active(), []));
      await assert.rejects(async () => vscode.lm.invokeTool('livepeer_list_streams', { input: {}, toolInvocationToken: undefined }));
    } finally {
      await setMode(vscode.ConfigurationTarget.Workspace, undefined);
    }
    await eventually(() => assert.deepEqual(active(), NAMES));
    assert.match(await invoke('livepeer_list_streams', { limit: 1 }), /"count": 1/);
  });
});
