import assert from 'node:assert/strict';
import { request } from 'undici';
import { StudioClient, type RenditionProfile } from '../../src/api';
import { createStream } from '../../src/operations/createStream';
import { editStream } from '../../src/operations/editStream';
import { LADDER_PRESETS, ladderProblem } from '../../src/operations/renditionLadder';
import { refusalSentence } from '../../src/tools/refusalWords';

const ladderSentence = (profiles: Parameters<typeof ladderProblem>[0]) => {
  const problem = ladderProblem(profiles);
  return problem ? refusalSentence(problem) : '';
};
import { startEmulator, type Emulator } from '../emulator';
import { refusal } from './helpers/studioErrors';

const TOKEN = 'tok-renditions-31a9';

describe('rendition ladder and recording spec: emulator and operations over real HTTP', function () {
  this.timeout(20_000);
  let emu: Emulator;
  let client: StudioClient;

  async function raw(method: string, path: string, body?: unknown) {
    const res = await request(`${emu.apiUrl}${path}`, { method: method as 'POST', headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.body.text();
    return { status: res.statusCode, error: () => (JSON.parse(text) as { errors: string[] }).errors[0] ?? '' };
  }

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN] });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 } });
  });

  afterEach(async () => {
    await client.close();
    await emu.close();
  });

  const rung = (name: string, fields: Partial<RenditionProfile> = {}) => ({ name, width: 640, height: 360, bitrate: 800_000, fps: 0, ...fields });

  it('refuses on create what the service refuses, with its codes: bounds 422, source and duplicate names 400', async () => {
    const small = await raw('POST', '/stream', { name: 's', profiles: [rung('tiny', { width: 100 })] });
    assert.equal(small.status, 422);
    assert.match(small.error(), /"keyword":"minimum".*must be >= 128/);
    assert.equal((await raw('POST', '/stream', { name: 's', profiles: [rung('low', { bitrate: 300 })] })).status, 422);
    assert.equal((await raw('POST', '/stream', { name: 's', profiles: [{ name: 'x', width: 640, height: 360, bitrate: 800_000 }] })).status, 422, 'fps is required');
    assert.deepEqual([(await raw('POST', '/stream', { name: 's', profiles: [rung('source')] })).error()], ['profile cannot be named "source"']);
    const twice = await raw('POST', '/stream', { name: 's', profiles: [rung('a'), rung('a')] });
    assert.deepEqual([twice.status, twice.error()], [400, 'duplicate profile name "a"']);
    const spec = await raw('POST', '/stream', { name: 's', recordingSpec: { profiles: [{ bitrate: 800_000 }] } });
    assert.deepEqual([spec.status, spec.error()], [400, 'recordingSpec is only supported with record=true']);
    // A PATCH skips the name checks, as the service does.
    const stream = await client.streams.create({ name: 'p' });
    assert.equal((await raw('PATCH', `/stream/${stream.id}`, { profiles: [rung('a'), rung('a')] })).status, 204);
    // The operations refuse all of them unsent, in words.
    assert.match(ladderSentence([rung('source')]), /cannot be named "source"/);
    assert.match(ladderSentence([rung('a'), rung('a')]), /two renditions are named "a"/);
    assert.match(ladderSentence([rung('t', { height: 100 })]), /at least 128/);
    assert.equal(ladderProblem(LADDER_PRESETS), undefined, 'the presets pass');
  });

  it('round-trips a ladder and recording spec on create and on edit; empty stays empty; no ladder change while live', async () => {
    const ladder = LADDER_PRESETS.filter((p) => ['360p0', '1080p0'].includes(p.name)).map((p) => ({ ...p }));
    const created = await createStream(client, { name: 'ladder', record: true, playback: 'public', profiles: ladder, recordingProfiles: [ladder[1]] });
    const read = await client.streams.get(created.id);
    assert.deepEqual(read.profiles, ladder);
    assert.deepEqual(read.recordingSpec, { profiles: [ladder[1]] });
    await editStream(client, read, { profiles: [...LADDER_PRESETS] });
    assert.deepEqual((await client.streams.get(created.id)).profiles?.map((p) => p.name), ['240p0', '360p0', '480p0', '720p0', '1080p0']);
    await editStream(client, await client.streams.get(created.id), { profiles: [] });
    assert.deepEqual((await client.streams.get(created.id)).profiles, [], 'profiles: [] stays empty');
    const stream = emu.store.streams.get(created.id);
    assert.ok(stream);
    emu.store.startSession(stream);
    const live = await raw('PATCH', `/stream/${created.id}`, { profiles: ladder });
    assert.equal(live.status, 400, 'the service refuses a ladder change while live');
    assert.match(await refusal(editStream(client, await client.streams.get(created.id), { profiles: ladder })), /cannot change while the stream is live/);
    const plain = await createStream(client, { name: 'plain', record: false, playback: 'public' });
    assert.match(await refusal(editStream(client, await client.streams.get(plain.id), { recordingProfiles: ladder })), /need recording on/);
  });

  it('keeps the renditions a multistream target pushes', async () => {
    const created = await createStream(client, { name: 'pushing', record: false, playback: 'public' });
    const target = await client.multistream.create({ url: 'rtmp://example.com/live/abcdefgh12345' });
    await client.streams.addTarget(created.id, { id: target.id, profile: '720p0' });
    const refused = await refusal(editStream(client, await client.streams.get(created.id), { profiles: LADDER_PRESETS.slice(0, 2).map((p) => ({ ...p })) }));
    assert.match(refused, /multistream targets push 720p0/);
  });
});
