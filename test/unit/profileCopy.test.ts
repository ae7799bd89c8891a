import assert from 'node:assert/strict';
import type { Asset } from '../../src/api';
import { offeredTools } from '../../src/mcp/server';
import { assetCopyRefusal, copyOf, downloadAddress } from '../../src/operations/profileCopy';

const DOWNLOAD = 'https://cdn.example/hls/abcd1234/static720p0.mp4';

function asset(fields: Partial<Asset>): Asset {
  return { id: 'a1', name: 'clip', status: { phase: 'ready', updatedAt: 1 }, downloadUrl: DOWNLOAD, ...fields };
}

function copyFrom(url: string, phase = 'ready'): Asset {
  return asset({ id: `copy-${phase}`, downloadUrl: undefined, source: { type: 'url', url }, status: { phase, updatedAt: 1 } });
}

describe('Copy to Profile: the rules (operations/profileCopy)', () => {
  it('finds an earlier copy by the source URL the service kept (its playback token aside), never a failed one nor another asset’s', () => {
    assert.equal(downloadAddress(asset({ downloadUrl: `${DOWNLOAD}?jwt=eyJ.token` })), DOWNLOAD);
    assert.equal(copyOf(asset({}), [copyFrom(`${DOWNLOAD}?jwt=eyJ.old-token`)])?.id, 'copy-ready');
    assert.equal(copyOf(asset({}), [copyFrom(DOWNLOAD, 'failed')]), undefined, 'a failed copy is copied again');
    assert.equal(copyOf(asset({}), [copyFrom('https://cdn.example/hls/other5678/static720p0.mp4')]), undefined);
    assert.equal(copyOf(asset({}), [copyFrom('not a url')]), undefined);
  });

  it('refuses what cannot be copied, with a code: not ready, gated by a webhook of the source, signed with no kept key', () => {
    assert.equal(assetCopyRefusal(asset({ status: { phase: 'processing', updatedAt: 1 }, downloadUrl: undefined }), true)?.code, 'copy-not-ready');
    assert.equal(assetCopyRefusal(asset({ playbackPolicy: { type: 'webhook', webhookId: 'w1' } }), true)?.code, 'copy-webhook-gated');
    assert.equal(assetCopyRefusal(asset({ playbackPolicy: { type: 'jwt' } }), false)?.code, 'copy-no-kept-key');
    assert.equal(assetCopyRefusal(asset({ playbackPolicy: { type: 'jwt' } }), true), undefined);
    assert.equal(assetCopyRefusal(asset({}), false), undefined);
  });

  it('the MCP server, on one API token, offers neither copy tool, even with changes allowed', () => {
    const names = offeredTools({ allowChanges: true }, {}).map((tool) => tool.name);
    assert.ok(names.includes('livepeer_create_stream'));
    assert.deepEqual(names.filter((name) => name.includes('copy')), []);
  });
});
