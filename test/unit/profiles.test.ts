import assert from 'node:assert/strict';
import { StudioApiError } from '../../src/api';
import {
  MAX_PROFILE_NAME_LENGTH,
  currentProfile,
  otherProfileProblem,
  privateKeySecretKey,
  profileNameProblem,
  readProfilesRecord,
  tokenSecretKey,
  unusedProfileName,
  type Profile,
  type ProfilesRecord,
} from '../../src/profiles/profile';
import { PROFILES_STATE_KEY, ProfileStore, type SecretStore } from '../../src/profiles/profileStore';
import { InMemoryStore } from '../../src/upload/store/keyValueStore';

/** SecretStorage's behaviour in memory (test only): what is stored, by key. */
class MemorySecrets implements SecretStore {
  readonly values = new Map<string, string>();
  async get(key: string): Promise<string | undefined> {
    return this.values.get(key);
  }
  async store(key: string, value: string): Promise<void> {
    this.values.set(key, value);
  }
  async delete(key: string): Promise<void> {
    this.values.delete(key);
  }
}

const profile = (id: string, name: string, baseUrl = 'https://livepeer.studio/api'): Profile => ({ id, name, baseUrl, privateKeys: [] });

async function rejection(promise: Promise<unknown>): Promise<StudioApiError> {
  const error = await promise.then(
    () => assert.fail('expected a rejection'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof StudioApiError && error.kind === 'config', String(error));
  return error;
}

describe('profiles', () => {
  describe('names', () => {
    const profiles = [profile('p1', 'Production'), profile('p2', 'Staging')];

    it('are trimmed, on one line, at most 40 characters, and unique regardless of case', () => {
      assert.equal(profileNameProblem('  Client X  ', profiles), undefined);
      assert.equal(profileNameProblem('x'.repeat(MAX_PROFILE_NAME_LENGTH), profiles), undefined);
      assert.match(profileNameProblem('   ', profiles) ?? '', /Enter a name/);
      assert.match(profileNameProblem('x'.repeat(MAX_PROFILE_NAME_LENGTH + 1), profiles) ?? '', /at most 40/);
      assert.match(profileNameProblem('two\nlines', profiles) ?? '', /one line/);
      assert.match(profileNameProblem(' staging ', profiles) ?? '', /"staging" already exists/);
    });

    it('a rename to its own name (in another case) is no clash; to another profile\'s is', () => {
      assert.equal(profileNameProblem('STAGING', profiles, 'p2'), undefined);
      assert.match(profileNameProblem('production', profiles, 'p2') ?? '', /already exists/);
    });

    it('unusedProfileName numbers a taken name', () => {
      assert.equal(unusedProfileName('Default', profiles), 'Default');
      assert.equal(unusedProfileName('Default', [profile('a', 'default'), profile('b', 'Default 2')]), 'Default 3');
    });
  });

  it('secret keys: one token and one key per kept private key, by profile id (a rename keeps them)', () => {
    assert.equal(tokenSecretKey('3f2a'), 'livepeer.profile.3f2a.token');
    assert.equal(privateKeySecretKey('3f2a', 'key-1'), 'livepeer.profile.3f2a.privateKey.key-1');
    assert.notEqual(privateKeySecretKey('a', 'k'), privateKeySecretKey('b', 'k'));
  });

  describe('current profile', () => {
    const record: ProfilesRecord = { profiles: [profile('p1', 'Production'), profile('p2', 'Staging')], lastChosenId: 'p1' };

    it('the folder pin (by name, any case) wins over the last chosen', () => {
      assert.deepEqual(currentProfile(record, ' staging'), { profile: record.profiles[1], why: 'pinned' });
      assert.deepEqual(currentProfile(record, undefined), { profile: record.profiles[0], why: 'last chosen' });
      assert.deepEqual(currentProfile(record, ''), { profile: record.profiles[0], why: 'last chosen' });
    });

    it('a pin naming no profile selects none rather than another account', () => {
      assert.deepEqual(currentProfile(record, 'QA'), { profile: undefined, why: 'pin not found', pinned: 'QA' });
    });

    it('without a pin or a last choice: the only profile, else none', () => {
      assert.deepEqual(currentProfile({ profiles: [profile('p1', 'Default')] }, undefined), { profile: profile('p1', 'Default'), why: 'only one' });
      assert.deepEqual(currentProfile({ profiles: record.profiles, lastChosenId: 'removed' }, undefined), { profile: undefined, why: 'not chosen' });
      assert.deepEqual(currentProfile({ profiles: [] }, undefined), { profile: undefined, why: 'none' });
    });
  });

  it('otherProfileProblem names the profile a resource of another project belongs to, and says nothing when it cannot tell', () => {
    const a = { ...profile('p1', 'A'), project: { id: 'proj-a', name: 'Web' } };
    const b = { ...profile('p2', 'B'), project: { id: 'proj-b', name: 'Client' } };
    assert.equal(otherProfileProblem('proj-a', a, [a, b]), undefined);
    assert.match(otherProfileProblem('proj-b', a, [a, b]) ?? '', /belongs to profile “B”, not to the current profile “A”: switch to “B” first/);
    assert.match(otherProfileProblem('proj-x', a, [a, b]) ?? '', /another project than the current profile “A”/);
    assert.equal(otherProfileProblem(undefined, a, [a, b]), undefined, 'no projectId');
    assert.equal(otherProfileProblem('proj-b', profile('p3', 'C'), [a, b]), undefined, 'the current project is not known yet');
  });

  it('readProfilesRecord keeps only well-formed profiles and known fields (a token slipped in is dropped)', () => {
    const read = readProfilesRecord({
      profiles: [
        { id: 'p1', name: 'Default', baseUrl: 'https://livepeer.studio/api', token: 'SECRET', project: { id: 'j1', name: 'Default Project', extra: 1 }, privateKeys: [{ id: 'k1', owner: 'u/j1', privateKey: 'SECRET' }, { nope: 1 }] },
        { id: 'p2', name: 'default', baseUrl: 'https://x/api', privateKeys: [] },
        { id: 'p3', baseUrl: 'https://x/api' },
        'junk',
      ],
      lastChosenId: 'gone',
      apiToken: 'SECRET',
    });
    assert.deepEqual(read, {
      profiles: [
        { id: 'p1', name: 'Default', baseUrl: 'https://livepeer.studio/api', project: { id: 'j1', name: 'Default Project' }, privateKeys: [{ id: 'k1', owner: 'u/j1' }] },
        { id: 'p2', name: 'default 2', baseUrl: 'https://x/api', privateKeys: [] },
      ],
    });
    assert.deepEqual(readProfilesRecord(undefined), { profiles: [] });
    assert.deepEqual(readProfilesRecord('garbage'), { profiles: [] });
  });

  describe('ProfileStore', () => {
    let state: InMemoryStore;
    let secrets: MemorySecrets;
    let store: ProfileStore;
    let next: number;

    beforeEach(() => {
      state = new InMemoryStore();
      secrets = new MemorySecrets();
      next = 0;
      store = new ProfileStore(state, secrets, () => `id${++next}`);
    });

    /** Everything in the state store as text: never a token or a private key. */
    const stateText = (): string => JSON.stringify(state.get(PROFILES_STATE_KEY));

    it('adds profiles with the token only in secret storage; renames, learns the project, chooses', async () => {
      const prod = await store.add({ name: ' Production ', baseUrl: 'https://livepeer.studio/api/', token: 'tok-PROD-SECRET' });
      const staging = await store.add({ name: 'Staging', baseUrl: 'http://127.0.0.1:3000/api', token: 'tok-STAGING-SECRET' });
      assert.deepEqual(prod, { id: 'id1', name: 'Production', baseUrl: 'https://livepeer.studio/api', privateKeys: [] });
      assert.equal(await store.token(staging.id), 'tok-STAGING-SECRET');
      assert.equal(secrets.values.get('livepeer.profile.id1.token'), 'tok-PROD-SECRET');

      await store.learnProject(prod.id, { id: 'proj-1', name: 'Default Project' });
      await store.rename(staging.id, 'QA');
      await store.choose(staging.id);
      assert.deepEqual(store.record(), {
        profiles: [
          { ...prod, project: { id: 'proj-1', name: 'Default Project' } },
          { ...staging, name: 'QA' },
        ],
        lastChosenId: 'id2',
      });
      assert.deepEqual(store.current(undefined), { profile: store.get('id2'), why: 'last chosen' });
      assert.equal(await store.token(staging.id), 'tok-STAGING-SECRET', 'a rename keeps the token');
      assert.ok(!/SECRET/.test(stateText()), stateText());
    });

    it('two profiles stored under one name up to case and spaces are both kept, the later renamed and stored so; the chosen one stays current', async () => {
      await secrets.store('livepeer.profile.pA.token', 'tok-A');
      await secrets.store('livepeer.profile.pB.token', 'tok-B');
      const stored = { profiles: [
        { id: 'pA', name: 'A', baseUrl: 'https://livepeer.studio/api', privateKeys: [] },
        { id: 'pB', name: ' a ', baseUrl: 'http://127.0.0.1:3000/api', privateKeys: [] },
        { id: 'pC', name: 'a 2', baseUrl: 'https://livepeer.studio/api', privateKeys: [] },
      ], lastChosenId: 'pB' };
      await state.update(PROFILES_STATE_KEY, stored);
      assert.deepEqual(store.record().profiles.map((p) => [p.id, p.name]), [['pA', 'A'], ['pB', 'a 3'], ['pC', 'a 2']]);
      const current = store.current(undefined);
      assert.deepEqual([current.profile?.id, current.why], ['pB', 'last chosen'], 'the chosen account stays current, not the other “A”');
      assert.equal(await store.token('pB'), 'tok-B');
      assert.deepEqual(state.get(PROFILES_STATE_KEY), stored, 'reading changes nothing stored');
      assert.deepEqual(await store.repairNames(), [{ id: 'pB', from: ' a ', to: 'a 3' }]);
      assert.deepEqual((state.get(PROFILES_STATE_KEY) as ProfilesRecord).profiles.map((p) => p.name), ['A', 'a 3', 'a 2']);
      assert.deepEqual(await store.repairNames(), [], 'said once');
      assert.match((await rejection(store.rename('pC', ' A'))).message, /named "A" already exists/);
      assert.match((await rejection(store.add({ name: 'a 3 ', baseUrl: 'https://livepeer.studio/api', token: 'tok' }))).message, /already exists/);
    });

    it('checks names, base URLs and tokens before storing anything', async () => {
      await store.add({ name: 'Production', baseUrl: 'https://livepeer.studio/api', token: 'tok-1' });
      const before = [stateText(), [...secrets.values]];
      assert.match((await rejection(store.add({ name: 'production', baseUrl: 'https://livepeer.studio/api', token: 'tok-2' }))).message, /already exists/);
      assert.match((await rejection(store.add({ name: 'Remote', baseUrl: 'http://example.com/api', token: 'tok-2' }))).message, /must use https/);
      assert.match((await rejection(store.add({ name: 'Pasted', baseUrl: 'https://livepeer.studio/api', token: 'tok\n2' }))).message, /line break/);
      assert.match((await rejection(store.add({ name: 'Empty', baseUrl: 'https://livepeer.studio/api', token: '' }))).message, /empty/);
      assert.match((await rejection(store.rename('id1', ''))).message, /Enter a name/);
      assert.match((await rejection(store.choose('nope'))).message, /no longer exists/);
      assert.deepEqual([stateText(), [...secrets.values]], before);
    });

    it('a new token forgets the project learned for the old one', async () => {
      const p = await store.add({ name: 'Default', baseUrl: 'https://livepeer.studio/api', token: 'tok-old' });
      await store.learnProject(p.id, { id: 'proj-1', name: 'Default Project' });
      await store.setToken(p.id, 'tok-new');
      assert.equal(await store.token(p.id), 'tok-new');
      assert.equal(store.get(p.id)?.project, undefined);
      await store.learnProject(p.id, { id: 'proj-2', name: 'Staging' });
      await store.learnProject(p.id, undefined);
      assert.equal(store.get(p.id)?.project, undefined, 'a project that could not be told is not kept from before');
    });

    it('a profile following the base URL setting takes it normalized, or as written when it does not parse, and forgets the project; the same address keeps it', async () => {
      const p = await store.add({ name: 'Default', baseUrl: 'https://livepeer.studio/api', token: 'tok' });
      const project = { id: 'proj-1', name: 'Default Project' };
      await store.learnProject(p.id, project);
      // A window's start reads the setting again: the project learned there stays.
      assert.deepEqual((await store.followBaseUrl(p.id, 'https://livepeer.studio/api/')).project, project);
      assert.deepEqual(await store.followBaseUrl(p.id, 'http://localhost:3000/api/'), { ...p, baseUrl: 'http://localhost:3000/api' });
      assert.equal((await store.followBaseUrl(p.id, 'not a url')).baseUrl, 'not a url');
    });

    it('clearing a token keeps the profile and its kept private keys, and forgets the project', async () => {
      const p = await store.add({ name: 'Default', baseUrl: 'https://livepeer.studio/api', token: 'tok-old' });
      await store.learnProject(p.id, { id: 'proj-1', name: 'Default Project' });
      await store.keepPrivateKey(p.id, { id: 'k1' }, 'PRIVATE-1');
      await store.clearToken(p.id);
      assert.equal(await store.token(p.id), undefined);
      assert.deepEqual(store.get(p.id), { ...p, privateKeys: [{ id: 'k1' }] });
      assert.equal(await store.privateKey(p.id, 'k1'), 'PRIVATE-1');
    });

    it('keeps private keys per profile; removing a profile deletes its token and its private keys only', async () => {
      const a = await store.add({ name: 'A', baseUrl: 'https://livepeer.studio/api', token: 'tok-A' });
      const b = await store.add({ name: 'B', baseUrl: 'https://livepeer.studio/api', token: 'tok-B' });
      await store.keepPrivateKey(a.id, { id: 'k1', owner: 'ua/pa' }, 'PRIVATE-A1');
      await store.keepPrivateKey(b.id, { id: 'k1' }, 'PRIVATE-B1');
      await store.keepPrivateKey(b.id, { id: 'k2' }, 'PRIVATE-B2');
      await store.choose(b.id);
      assert.equal(await store.privateKey(a.id, 'k1'), 'PRIVATE-A1');
      assert.equal(await store.privateKey(b.id, 'k1'), 'PRIVATE-B1');
      assert.equal(await store.privateKey(a.id, 'k2'), undefined, 'A keeps no k2');
      assert.ok(!/PRIVATE/.test(stateText()), stateText());

      await store.forgetPrivateKey(b.id, 'k1');
      assert.equal(await store.privateKey(b.id, 'k1'), undefined);
      assert.deepEqual(store.get(b.id)?.privateKeys, [{ id: 'k2' }]);

      await store.remove(b.id);
      assert.deepEqual(store.record(), { profiles: [{ ...a, privateKeys: [{ id: 'k1', owner: 'ua/pa' }] }] }, 'the last choice goes with it');
      assert.deepEqual([...secrets.values.keys()].sort(), [privateKeySecretKey(a.id, 'k1'), tokenSecretKey(a.id)]);
    });
  });
});
