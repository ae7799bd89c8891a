import assert from 'node:assert/strict';
import { StudioClient } from '../../src/api';
import { runTool } from '../../src/tools/runTool';
import { toolNamed } from '../../src/tools/table';
import { startEmulator, startSourceServer, type Emulator, type SourceServer } from '../emulator';
import { toolContext } from './helpers/toolContext';
import { waitFor } from './helpers/waitFor';

const TOKEN = 'tok-asset-tools-6c1e';

interface Answer {
  text: string;
  isError: boolean;
  json: Record<string, unknown> & { importing?: { id: string }; created?: { id: string; name: string }; step?: string; summary?: string; facts?: string[] };
}

// The import, clip and why-not-ready tools over the operations the commands use (real HTTP).
describe('assistant tools: import from a URL, create a clip, why not ready (real HTTP)', function () {
  this.timeout(20_000);
  let emu: Emulator;
  let source: SourceServer;
  let client: StudioClient;
  let context: ReturnType<typeof toolContext>;

  async function call(name: string, input: unknown, on = context): Promise<Answer> {
    const tool = toolNamed(name);
    assert.ok(tool, name);
    const answer = await runTool(tool, input, on);
    let json = {} as Answer['json'];
    if (!answer.isError) json = JSON.parse(answer.text) as Answer['json'];
    return { ...answer, json };
  }

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN], processingDelayMs: 20 });
    source = await startSourceServer();
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'asset-tools-test', retry: { maxRetries: 0 } });
    context = toolContext(client, TOKEN, emu.apiUrl);
  });

  afterEach(async () => {
    await client.close();
    await source.close();
    await emu.close();
  });

  it('imports a video from a URL: the new asset and its task at once; the same URL again answers that import; why-not-ready follows it', async () => {
    emu.store.tasks.injectFault({ stallAt: 0.2 });
    const imported = await call('livepeer_import_from_url', { url: `${source.origin}/talk.mp4`, name: 'talk', playback: 'jwt' });
    assert.equal(imported.isError, false, imported.text);
    const id = imported.json.importing?.id ?? '';
    assert.equal(emu.store.assets.get(id)?.playbackPolicy?.type, 'jwt');
    assert.equal(imported.json.taskId, emu.store.tasks.ofAsset(id)?.id);
    await waitFor(() => emu.store.tasks.ofAsset(id)?.status.progress === 0.2);
    const again = await call('livepeer_import_from_url', { url: `${source.origin}/talk.mp4`, name: 'second name' });
    const first = again.json.alreadyImporting as { id: string; name: string } | undefined;
    assert.deepEqual([first?.id, first?.name], [id, 'talk'], again.text);
    assert.match(String(again.json.note), /already being imported/);
    const why = await call('livepeer_why_not_ready', { assetId: id });
    assert.equal(why.json.step, 'wait', why.text);
    assert.match(why.json.summary ?? '', /^Processing at 20 %/);
    const other = await call('livepeer_import_from_url', { url: `${source.origin}/other.mp4`, name: 'other' });
    const otherId = other.json.importing?.id ?? '';
    await waitFor(() => emu.store.assets.get(otherId)?.status.phase === 'ready');
    assert.equal((await call('livepeer_why_not_ready', { assetId: otherId })).json.step, 'play');
  });

  it('import refuses unsent what the service could not fetch (a password in the URL, another scheme)', async () => {
    const refused = await call('livepeer_import_from_url', { url: 'https://user:pw-9d1f@example.com/a.mp4', name: 'x' });
    assert.equal(refused.isError, true);
    assert.match(refused.text, /no user name or password/);
    assert.ok(!refused.text.includes('pw-9d1f'), refused.text);
    assert.match((await call('livepeer_import_from_url', { url: 'file:///etc/passwd', name: 'x' })).text, /only http\(s\):\/\/, ipfs:\/\/ and ar:\/\//);
    assert.equal(emu.store.assets.size, 0, 'nothing was sent');
  });

  it('cuts the last 30 s of a stream’s latest session, or a part by times; impossible times are refused unsent', async () => {
    const stream = emu.store.addStream({ name: 'show' });
    const none = await call('livepeer_create_clip', { streamId: stream.id, lastSeconds: 30 });
    assert.match(none.text, /no session with video to clip yet/);
    emu.store.startSession(stream, { createdAt: Date.now() - 300_000, lastSeen: Date.now() - 240_000, isActive: false, sourceSegmentsDuration: 60 });
    const latest = emu.store.startSession(stream, { createdAt: Date.now() - 120_000, isActive: false, sourceSegmentsDuration: 120 });
    const last = await call('livepeer_create_clip', { streamId: stream.id, lastSeconds: 30, name: 'Goal' });
    assert.equal(last.isError, false, last.text);
    assert.deepEqual([last.json.sessionId, last.json.fromSeconds, last.json.toSeconds, last.json.created?.name], [latest.id, 90, 120, 'Goal']);
    assert.deepEqual(emu.store.assets.get(last.json.created?.id ?? '')?.source, { type: 'clip', playbackId: stream.playbackId, sessionId: latest.id });
    const part = await call('livepeer_create_clip', { streamId: stream.id, fromSeconds: 10, toSeconds: 20 });
    assert.equal(part.isError, false, part.text);
    const clips = emu.store.assets.size;
    assert.match((await call('livepeer_create_clip', { streamId: stream.id, fromSeconds: 10 })).text, /give either lastSeconds, or fromSeconds and toSeconds/);
    assert.match((await call('livepeer_create_clip', { streamId: stream.id, lastSeconds: 5, toSeconds: 9 })).text, /give either/);
    assert.match((await call('livepeer_create_clip', { streamId: stream.id, fromSeconds: 0, toSeconds: 500 })).text, /the session is only 2:00 long/);
    assert.match((await call('livepeer_create_clip', { streamId: stream.id, sessionId: 'nope', lastSeconds: 5 })).text, /the session nope is not among/);
    assert.equal(emu.store.assets.size, clips, 'nothing more was made');
  });

  it('why not ready: an upload paused here is resumed (VS Code sees its uploads); the MCP server says it cannot see them', async () => {
    const { asset } = await client.assets.requestUpload('half');
    const paused = await call('livepeer_why_not_ready', { assetId: asset.id }, { ...context, localUpload: async () => ({ state: 'paused', fileName: 'half.mp4', bytesDone: 25, totalBytes: 100 }) });
    assert.equal(paused.json.step, 'resume', paused.text);
    assert.ok(paused.json.facts?.includes('This machine: the upload of half.mp4 is paused (25 % sent).'), paused.text);
    const unseen = await call('livepeer_why_not_ready', { assetId: asset.id });
    assert.equal(unseen.json.summary, 'Waiting for its bytes.');
    assert.match(unseen.json.facts?.join('\n') ?? '', /uploads made in VS Code are not visible here/);
    assert.match((await call('livepeer_why_not_ready', { assetId: 'missing' })).text, /livepeer_why_not_ready failed: .*not found/i);
  });
});
