import assert from 'node:assert/strict';
import { request } from 'undici';
import { StudioClient, identifyProject, type Project } from '../../src/api';
import { otherProfileProblem, type Profile } from '../../src/profiles/profile';
import { startEmulator, type AccountToken, type Emulator } from '../emulator';
import { failure } from './helpers/studioErrors';

const TOKEN_A = 'tok-A-SECRET-1b2c3d';
const TOKEN_B = 'tok-B-SECRET-4e5f6a';
const TOKEN_A_STAGING = 'tok-A-staging-SECRET-7a8b9c';
const TOKEN_ADMIN = 'tok-ADMIN-SECRET-0d1e2f';

type Reply = { status: number; json: unknown };

async function api(emu: Emulator, token: string, method: string, path: string, body?: unknown): Promise<Reply> {
  const res = await request(`${emu.apiUrl}${path}`, {
    method: method as 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  return { status: res.statusCode, json: text ? JSON.parse(text) : undefined };
}

const ids = (reply: Reply): string[] => (reply.json as Array<{ id: string }>).map((row) => row.id).sort();

function clientFor(emu: Emulator, token: string): StudioClient {
  return new StudioClient({ baseUrl: emu.apiUrl, getToken: () => token, userAgent: 'livepeer-studio-vscode/test', timeoutMs: 5_000, retry: { minDelayMs: 20, maxDelayMs: 100 } });
}

describe('accounts and projects', () => {
  let emu: Emulator;
  /** The default account's key (A), a second project of A (A staging), another user (B). */
  let a: AccountToken;
  let aStaging: AccountToken;
  let b: AccountToken;

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN_A], defaultPageSize: 3, processingDelayMs: 20 });
    const callerA = emu.accounts.callerOf(TOKEN_A);
    assert.ok(callerA);
    a = { ...callerA, token: TOKEN_A };
    aStaging = emu.accounts.addProject(emu.store.userId, 'Staging', TOKEN_A_STAGING);
    b = emu.accounts.addUser({ token: TOKEN_B });
  });

  afterEach(async () => {
    await emu.close();
  });

  describe('emulator', () => {
    it('each key lists and reads only its own project: another project\'s key, stream or asset is 404 `not found` and stays as it was', async () => {
      const made = new Map<AccountToken, { key: string; stream: string; asset: string }>();
      for (const owner of [a, aStaging, b]) {
        const key = await api(emu, owner.token, 'POST', '/access-control/signing-key', { name: 'k', projectId: a.projectId });
        const stream = await api(emu, owner.token, 'POST', '/stream', { name: 's', projectId: a.projectId });
        const upload = await api(emu, owner.token, 'POST', '/asset/request-upload', { name: 'v.mp4', projectId: a.projectId });
        assert.deepEqual([key.status, stream.status, upload.status], [201, 201, 200]);
        const asset = (upload.json as { asset: { id: string; projectId: string; userId: string } }).asset;
        assert.deepEqual([asset.projectId, asset.userId], [owner.projectId, owner.userId], 'a key creates in its own project, whatever the body says');
        made.set(owner, { key: (key.json as { id: string }).id, stream: (stream.json as { id: string }).id, asset: asset.id });
      }
      emu.store.addStream({ name: 'B session', parentId: made.get(b)?.stream, userId: b.userId, projectId: b.projectId });

      for (const owner of [a, aStaging, b]) {
        const own = made.get(owner);
        assert.deepEqual(ids(await api(emu, owner.token, 'GET', '/access-control/signing-key')), [own?.key]);
        assert.deepEqual(ids(await api(emu, owner.token, 'GET', '/stream?streamsonly=1')), [own?.stream]);
        assert.deepEqual(ids(await api(emu, owner.token, 'GET', '/asset')), [own?.asset]);
        for (const other of [a, aStaging, b].filter((o) => o !== owner)) {
          const theirs = made.get(other);
          for (const [method, path, body] of [
            ['GET', `/access-control/signing-key/${theirs?.key}`],
            ['PATCH', `/access-control/signing-key/${theirs?.key}`, { name: 'taken' }],
            ['DELETE', `/access-control/signing-key/${theirs?.key}`],
            ['GET', `/stream/${theirs?.stream}`],
            ['GET', `/stream/${theirs?.stream}/sessions`],
            ['PATCH', `/stream/${theirs?.stream}/suspended`, { suspended: true }],
            ['DELETE', `/stream/${theirs?.stream}`],
            ['GET', `/asset/${theirs?.asset}`],
            ['DELETE', `/asset/${theirs?.asset}`],
          ] as Array<[string, string, unknown?]>) {
            const reply = await api(emu, owner.token, method, path, body);
            assert.deepEqual([reply.status, reply.json], [404, { errors: ['not found'] }], `${method} ${path}`);
          }
        }
      }
      for (const { key, stream, asset } of made.values()) {
        assert.equal(emu.store.signingKeys.get(key)?.name, 'k');
        assert.ok(emu.store.streams.get(stream) && !emu.store.streams.get(stream)?.deleted && !emu.store.streams.get(stream)?.suspended);
        assert.ok(emu.store.assets.has(asset));
      }
      assert.equal((await api(emu, b.token, 'GET', `/stream/${made.get(b)?.stream}/sessions`)).status, 200);
    });

    it('webhooks belong to the key\'s project: another project\'s webhook is 404 `not found` for every verb, its delivery log is checked by user only', async () => {
      const hook = { name: 'h', url: 'http://127.0.0.1:9/hook', events: ['asset.ready'] };
      const mine = await api(emu, a.token, 'POST', '/webhook', hook);
      const theirs = await api(emu, aStaging.token, 'POST', '/webhook', hook);
      assert.deepEqual([mine.status, theirs.status], [201, 201]);
      const id = (mine.json as { id: string; projectId: string }).id;
      assert.equal((theirs.json as { projectId: string }).projectId, aStaging.projectId, 'created in the key\'s project');
      assert.deepEqual(ids(await api(emu, a.token, 'GET', '/webhook')), [id]);
      for (const other of [aStaging, b]) {
        assert.ok(!ids(await api(emu, other.token, 'GET', '/webhook')).includes(id));
        for (const [method, body] of [['GET'], ['PATCH', { name: 'x' }], ['DELETE']] as const) {
          const reply = await api(emu, other.token, method, `/webhook/${id}`, body);
          assert.deepEqual([reply.status, reply.json], [404, { errors: ['not found'] }], `${method} with another project's key`);
        }
      }
      assert.equal((await api(emu, a.token, 'GET', `/webhook/${id}`)).status, 200, 'unchanged for its own key');
      assert.equal((await api(emu, aStaging.token, 'GET', `/webhook/${id}/log`)).status, 200, 'the log is checked by user only');
      const stagingStream = (await api(emu, aStaging.token, 'POST', '/stream', { name: 's' })).json as { id: string };
      const scoped = await api(emu, a.token, 'PATCH', `/webhook/${id}`, { streamId: stagingStream.id });
      assert.deepEqual([scoped.status, scoped.json], [404, { errors: ['stream not found'] }], 'a stream of another project');
    });

    it('GET /project lists all of the user\'s projects whatever project the key belongs to, without a Link; GET /project/{id} refuses unknown and other users\' projects; keys cannot create projects', async () => {
      for (const token of [a.token, aStaging.token]) {
        const list = await request(`${emu.apiUrl}/project`, { headers: { authorization: `Bearer ${token}` } });
        assert.equal(list.statusCode, 200);
        assert.equal(list.headers.link, undefined);
        const projects = (await list.body.json()) as Project[];
        assert.deepEqual(projects.map((p) => [p.name, p.userId]), [['Default Project', a.userId], ['Staging', a.userId]]);
        assert.deepEqual(projects.map((p) => p.id), [a.projectId, aStaging.projectId]);
        assert.ok(projects.every((p) => typeof p.createdAt === 'number' && Object.keys(p).sort().join() === 'createdAt,id,name,userId'));
      }
      assert.deepEqual((await api(emu, b.token, 'GET', '/project')).json, [{ id: b.projectId, name: 'Default Project', userId: b.userId, createdAt: emu.accounts.projects.get(b.projectId)?.createdAt }]);

      assert.equal(((await api(emu, a.token, 'GET', `/project/${aStaging.projectId}`)).json as Project).name, 'Staging');
      assert.deepEqual(await api(emu, a.token, 'GET', '/project/no-such-project'), { status: 403, json: { errors: ['project not found'] } });
      assert.deepEqual(await api(emu, a.token, 'GET', `/project/${b.projectId}`), { status: 403, json: { errors: ['user can only request information on their own projects'] } });
      assert.deepEqual(await api(emu, b.token, 'POST', '/project', { name: 'New' }), { status: 403, json: { errors: ['access forbidden for API keys'] } });
      assert.equal(emu.accounts.projects.size, 3);
    });

    it('an admin\'s key lists every user\'s streams and assets and reads any project by id; GET /project and its signing keys stay its own', async () => {
      const admin = emu.accounts.addAdmin({ token: TOKEN_ADMIN });
      const bStream = emu.store.addStream({ name: 'B live', userId: b.userId, projectId: b.projectId });
      const bAsset = emu.store.addAsset({ name: 'B clip', userId: b.userId, projectId: b.projectId });
      emu.store.addSigningKey({ userId: b.userId, projectId: b.projectId });
      assert.deepEqual(ids(await api(emu, admin.token, 'GET', '/stream')), [bStream.id]);
      assert.deepEqual(ids(await api(emu, admin.token, 'GET', '/asset')), [bAsset.id]);
      assert.deepEqual(ids(await api(emu, admin.token, 'GET', '/access-control/signing-key')), []);
      assert.equal((await api(emu, admin.token, 'GET', `/stream/${bStream.id}`)).status, 200);
      assert.deepEqual(((await api(emu, admin.token, 'GET', `/project/${b.projectId}`)).json as Project).id, b.projectId);
      assert.deepEqual(ids(await api(emu, admin.token, 'GET', '/project')), [admin.projectId]);
      const own = (await api(emu, admin.token, 'POST', '/stream', { name: 'admin live' })).json as { projectId: string; userId: string };
      assert.deepEqual([own.projectId, own.userId], [admin.projectId, admin.userId]);
      assert.deepEqual(ids(await api(emu, b.token, 'GET', '/stream')), [bStream.id], 'other keys are unchanged');
      assert.equal((await api(emu, b.token, 'GET', `/project/${admin.projectId}`)).status, 403);
    });

    it('counts the signing-key quota per user: the 12th key of a user is refused, another user still creates', async () => {
      for (let i = 0; i < 6; i++) assert.equal((await api(emu, a.token, 'POST', '/access-control/signing-key')).status, 201);
      for (let i = 0; i < 5; i++) assert.equal((await api(emu, aStaging.token, 'POST', '/access-control/signing-key')).status, 201);
      assert.equal((await api(emu, aStaging.token, 'POST', '/access-control/signing-key')).status, 403);
      assert.equal((await api(emu, b.token, 'POST', '/access-control/signing-key')).status, 201);
    });

    it('the request log says which API key each request carried (its id, never the token), and a hash for an unknown token', async () => {
      await api(emu, a.token, 'GET', '/stream');
      await api(emu, b.token, 'GET', '/asset');
      await api(emu, 'not-a-key', 'GET', '/stream');
      await request(`${emu.apiUrl}/ingest`);
      const log = emu.requests.map(({ method, url, tokenId }) => ({ method, url, tokenId }));
      assert.deepEqual(log.slice(0, 2), [
        { method: 'GET', url: '/api/stream', tokenId: a.tokenId },
        { method: 'GET', url: '/api/asset', tokenId: b.tokenId },
      ]);
      assert.match(log[2]?.tokenId ?? '', /^sha256:[0-9a-f]{12}$/);
      assert.equal(log[3]?.tokenId, undefined);
      assert.ok(![a.tokenId, b.tokenId, log[2]?.tokenId].some((id) => /SECRET|not-a-key/.test(id ?? '')));
    });

    it('the gate tells another account\'s key apart from nothing: 404 for B\'s key on A\'s gated stream', async () => {
      const stream = emu.store.addStream({ name: 'gated', playbackPolicy: { type: 'jwt' } });
      const keyB = await api(emu, b.token, 'POST', '/access-control/signing-key');
      const gate = await api(emu, b.token, 'POST', '/access-control/gate', { stream: `video+${stream.playbackId}`, type: 'jwt', pub: (keyB.json as { publicKey: string }).publicKey });
      assert.deepEqual(gate, { status: 404, json: { errors: ['Content not found'] } });
    });
  });

  describe('client', () => {
    const clients: StudioClient[] = [];
    const client = (token: string): StudioClient => {
      const made = clientFor(emu, token);
      clients.push(made);
      return made;
    };
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((c) => c.close()));
    });

    it('listProjects lists the user\'s projects; it refuses other shapes', async () => {
      const projects = await client(aStaging.token).projects.list();
      assert.deepEqual(projects.map((p) => [p.id, p.name, p.userId]), [[a.projectId, 'Default Project', a.userId], [aStaging.projectId, 'Staging', a.userId]]);
      emu.faults.fail({ origin: 'api', method: 'GET', path: '/api/project', status: 200, body: [{ id: 'p1', name: 'ok' }, { name: 'no id' }] });
      const list = await failure(client(a.token).projects.list());
      assert.equal(list.kind, 'server');
      assert.match(list.message, /something else.*\(GET \/project → 200\)$/);
    });

    it('identifyProject names each key\'s own project, learned from what it lists, for two users with different tokens', async () => {
      emu.store.addSigningKey({ userId: a.userId, projectId: a.projectId });
      emu.store.addAsset({ name: 'staging clip', userId: aStaging.userId, projectId: aStaging.projectId });
      emu.store.addStream({ name: 'B live', userId: b.userId, projectId: b.projectId });
      const before = emu.requests.length;
      assert.deepEqual(await identifyProject(client(a.token)).then((p) => p?.name), 'Default Project');
      assert.deepEqual(await identifyProject(client(aStaging.token)).then((p) => [p?.id, p?.name]), [aStaging.projectId, 'Staging']);
      assert.deepEqual(await identifyProject(client(b.token)).then((p) => [p?.id, p?.name]), [b.projectId, 'Default Project']);
      const log = emu.requests.slice(before).map(({ url, tokenId }) => `${tokenId === a.tokenId ? 'A' : tokenId === aStaging.tokenId ? 'A staging' : tokenId === b.tokenId ? 'B' : tokenId} ${url}`);
      assert.deepEqual(log, [
        'A /api/project',
        'A /api/access-control/signing-key?limit=10',
        'A /api/stream?limit=10',
        'A /api/asset?order=createdAt-true&limit=10',
        'A staging /api/project',
        'A staging /api/access-control/signing-key?limit=10',
        'A staging /api/stream?limit=10',
        'A staging /api/asset?order=createdAt-true&limit=10',
        'B /api/project',
      ], 'B has one project: that is its key\'s');
    });

    it('identifyProject with an admin\'s key names only the admin\'s own project, never another user\'s it lists, so the guard lets its own new stream through', async () => {
      const admin = emu.accounts.addAdmin({ token: TOKEN_ADMIN });
      emu.store.addStream({ name: 'B live', userId: b.userId, projectId: b.projectId });
      emu.store.addAsset({ name: 'B clip', userId: b.userId, projectId: b.projectId });
      const project = await identifyProject(client(admin.token));
      assert.deepEqual([project?.id, project?.name], [admin.projectId, 'Default Project']);
      const mine = (await api(emu, admin.token, 'POST', '/stream', { name: 'admin live' })).json as { projectId: string };
      const profile = (id: string, name: string, learned: Project | undefined): Profile => ({ id, name, baseUrl: emu.apiUrl, privateKeys: [], ...(learned ? { project: { id: learned.id, name: learned.name } } : {}) });
      const adminProfile = profile('p-admin', 'Admin', project);
      assert.equal(otherProfileProblem(mine.projectId, adminProfile, [adminProfile]), undefined, 'the admin\'s own new stream is its own');

      // With a second project of its own, the admin's key lists only other users' rows: unknown, not B's.
      emu.accounts.addProject(admin.userId, 'Second');
      assert.equal(await identifyProject(client(admin.token)), undefined);
      // Rows of its own project and another user's: still unknown rather than guessed.
      emu.store.addStream({ name: 'admin own', userId: admin.userId, projectId: admin.projectId });
      assert.equal(await identifyProject(client(admin.token)), undefined);
    });

    it('identifyProject with nothing listed: the user\'s only project, or unknown among several', async () => {
      assert.deepEqual(await identifyProject(client(b.token)).then((p) => [p?.id, p?.name]), [b.projectId, 'Default Project'], 'B has one project');
      assert.equal(await identifyProject(client(a.token)), undefined, 'A has two projects and its key lists nothing');
      assert.equal(emu.requests.at(-1)?.url, '/api/asset?order=createdAt-true&limit=10');
    });

    it('an unknown token fails identifyProject with an error that does not carry it', async () => {
      const error = await failure(identifyProject(client('tok-UNKNOWN-SECRET-0f0f')));
      assert.equal(error.kind, 'auth');
      assert.ok(!JSON.stringify({ message: error.message, messages: error.messages, stack: error.stack }).includes('tok-UNKNOWN-SECRET-0f0f'));
    });
  });
});
