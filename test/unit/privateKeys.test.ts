import assert from 'node:assert/strict';
import { privateKeySecretKey } from '../../src/profiles/profile';
import { memoryPrivateKeys } from './helpers/memoryPrivateKeys';

// What the Signing Keys view and Sign Playback Token read of a kept private key: the host suites see
// it through the rows and the signing (test/integration/2_keys.test.ts); a secret gone from the
// keychain under a kept index (another machine, a cleared keychain) can only be arranged here.
describe('kept private keys', () => {
  const key = { id: 'key-1', userId: 'user-1', projectId: 'project-1' };

  it('a kept private key whose secret is gone reads as lost: not kept, not offered, until kept again', async () => {
    const { privateKeys, secrets } = await memoryPrivateKeys();
    await privateKeys.store(key, 'c2VjcmV0');
    assert.equal(privateKeys.state(key.id), 'kept');
    assert.equal(await privateKeys.get(key.id), 'c2VjcmV0');
    const secretKey = [...secrets.keys()].find((name) => name.endsWith(privateKeySecretKey('', key.id).replace(/^.*?\.privateKey\./, '.privateKey.')));
    assert.ok(secretKey && secrets.delete(secretKey), 'the secret was in the keychain');
    await privateKeys.verify([key.id]);
    assert.equal(privateKeys.state(key.id), 'lost');
    assert.equal(privateKeys.has(key.id), false, 'the index no longer says it is kept');
    assert.equal(await privateKeys.get(key.id), undefined);
    await privateKeys.store(key, 'bmV3');
    assert.equal(privateKeys.state(key.id), 'kept', 'kept again: no longer lost');
    await privateKeys.remove(key.id);
    assert.equal(privateKeys.state(key.id), undefined, 'gone with its key');
  });

  it('a listing removes the private keys of its own account’s unlisted keys, never another account’s', async () => {
    const { privateKeys, secrets } = await memoryPrivateKeys();
    const other = { id: 'key-of-another-project', userId: 'someone-else', projectId: 'their-project' };
    await privateKeys.store(key, 'c2VjcmV0');
    await privateKeys.store(other, 'b3RoZXI=');
    await privateKeys.keepOnly([{ id: 'key-2', userId: key.userId, projectId: key.projectId }]);
    assert.equal(privateKeys.state(key.id), undefined, 'deleted elsewhere: removed');
    assert.equal(privateKeys.state(other.id), 'kept', 'another account’s: kept');
    assert.deepEqual([...secrets.values()].filter((value) => value !== 'demo-token'), ['b3RoZXI='], 'the removed secret left the keychain');
  });
});
