import assert from 'node:assert/strict';
import { FinishedUploads, type FinishedUpload } from '../../src/upload/store/finished';
import { InMemoryStore } from '../../src/upload/store/keyValueStore';

const row = (id: string, account: string | undefined): FinishedUpload => ({
  id, name: id, filePath: `/videos/${id}.mp4`, method: 'tus', finishedAt: Date.now(), assetId: 'asset-1', ...(account ? { account } : {}),
});

describe('finished uploads', () => {
  it('an asset found gone by one profile marks only that profile\'s rows (and those of no profile): another account\'s 404 is not a deletion', async () => {
    const finished = new FinishedUploads(new InMemoryStore());
    for (const upload of [row('staging', 'p-staging'), row('prod', 'p-prod'), row('legacy', undefined)]) await finished.add(upload);
    assert.equal(await finished.markDeleted('asset-1', 'p-prod'), true);
    const deleted = () => finished.all.filter((u) => u.assetDeleted).map((u) => u.id).sort();
    assert.deepEqual(deleted(), ['legacy', 'prod']);
    assert.equal(await finished.markDeleted('asset-1', 'p-prod'), false, 'nothing more to mark');
    assert.equal(await finished.markDeleted('asset-1', 'p-staging'), true);
    assert.deepEqual(deleted(), ['legacy', 'prod', 'staging']);
    assert.equal(await finished.markDeleted('asset-1', 'p-prod', false), true, 'restored by p-prod');
    assert.deepEqual(deleted(), ['staging']);
    assert.equal(await finished.markDeleted('asset-1', 'p-prod', false), false, 'nothing more to unmark');
  });
});
