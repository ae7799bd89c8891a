import assert from 'node:assert/strict';
import { buildWebhookTestEvent } from '../../src/api/webhooks/testEvent';
import { StudioApiError, WEBHOOK_EVENTS, signWebhookBody, verifyWebhookSignature, withoutSecrets, type WebhookEventBody } from '../../src/api';

const SECRET = 'my-secret';
const T = 1_700_000_000_000;
const BODY = `{"id":"e1","timestamp":${T}}`;
// openssl dgst -sha256 -hmac my-secret of BODY: the service's v1 is the HMAC of the raw body alone.
const V1 = '8a43c670f82412e2331bf0b29532b6efb77de81b1d1bf810f4e5173905eab815';
const AT = { toleranceSeconds: 300, now: T + 1_000 };

describe('webhook signatures', () => {
  it('signWebhookBody builds the header as the service does: t=<ms>,v1=<HMAC-SHA256 of the raw body>', () => {
    assert.equal(signWebhookBody(BODY, SECRET, T), `t=${T},v1=${V1}`);
    assert.equal(signWebhookBody(Buffer.from(BODY), SECRET, T), `t=${T},v1=${V1}`);
    assert.throws(() => signWebhookBody(BODY, '', T), StudioApiError);
  });

  it('verifies a valid signature (string or bytes, spaces and upper-case hex tolerated)', () => {
    assert.deepEqual(verifyWebhookSignature(BODY, `t=${T},v1=${V1}`, SECRET, AT), { valid: true });
    assert.deepEqual(verifyWebhookSignature(Buffer.from(BODY), ` t=${T} , v1=${V1.toUpperCase()}`, SECRET, AT), { valid: true });
  });

  it('a tampered body or a wrong secret is a mismatch', () => {
    const tampered = verifyWebhookSignature(BODY.replace('e1', 'e2'), `t=${T},v1=${V1}`, SECRET, AT);
    assert.equal(tampered.valid === false && tampered.reason, 'mismatch');
    const wrong = verifyWebhookSignature(BODY, `t=${T},v1=${V1}`, 'other-secret', AT);
    assert.equal(wrong.valid === false && wrong.reason, 'mismatch');
    assert.match(wrong.valid ? '' : wrong.message, /wrong shared secret, or the body was changed/);
  });

  it('a delivery from before the secret changed (a resend keeps its old secret) is said to predate the change', () => {
    const event = T - 3_600_000;
    const resent = JSON.stringify({ id: 'e1', createdAt: event, timestamp: T });
    const header = signWebhookBody(resent, 'the-old-secret-1234', T);
    const predates = verifyWebhookSignature(resent, header, SECRET, { ...AT, secretChangedAt: T - 60_000 });
    assert.deepEqual(predates, {
      valid: false,
      reason: 'mismatch',
      message: `the signature does not match the current secret, and the delivery predates the secret change (event ${new Date(event).toISOString()}, secret changed ${new Date(T - 60_000).toISOString()}): the service signs a delivery, and every resend of it, with the secret of its time`,
    });
    // An event after the change, or no change known here: the usual words.
    for (const changedAt of [event - 1, undefined]) {
      const check = verifyWebhookSignature(resent, header, SECRET, { ...AT, secretChangedAt: changedAt });
      assert.match(check.valid ? '' : check.message, /^the signature does not match: wrong shared secret, or the body was changed/);
    }
  });

  it('a header whose t was rewritten (t is not in the HMAC) is caught by the signed body timestamp', () => {
    const moved = verifyWebhookSignature(BODY, `t=${T + 5_000},v1=${V1}`, SECRET, { toleranceSeconds: 300, now: T + 5_000 });
    assert.equal(moved.valid === false && moved.reason, 'mismatch');
    assert.match(moved.valid ? '' : moved.message, /t differs from the body's timestamp/);
  });

  it('an old or a future timestamp is refused outside the tolerance, accepted within', () => {
    const old = verifyWebhookSignature(BODY, `t=${T},v1=${V1}`, SECRET, { toleranceSeconds: 300, now: T + 301_000 });
    assert.equal(old.valid === false && old.reason, 'too-old');
    assert.deepEqual(verifyWebhookSignature(BODY, `t=${T},v1=${V1}`, SECRET, { toleranceSeconds: 300, now: T + 299_000 }), { valid: true });
    const future = verifyWebhookSignature(BODY, `t=${T},v1=${V1}`, SECRET, { toleranceSeconds: 300, now: T - 301_000 });
    assert.equal(future.valid === false && future.reason, 'in-future');
  });

  it('a malformed header is bad-format; a missing one is missing-header', () => {
    for (const header of [`v1=${V1}`, `t=${T}`, `t=${T},v1=${V1.slice(1)}`, `t=abc,v1=${V1}`, `t=${T};v1=${V1}`, `t=${T},v1=${V1},x=1`, `t=${T},t=${T},v1=${V1}`, 'garbage']) {
      const check = verifyWebhookSignature(BODY, header, SECRET, AT);
      assert.equal(check.valid === false && check.reason, 'bad-format', header);
    }
    for (const header of [undefined, '', '  ']) {
      const check = verifyWebhookSignature(BODY, header, SECRET, AT);
      assert.equal(check.valid === false && check.reason, 'missing-header');
    }
  });
});

describe('webhook test events', () => {
  const stream = { id: 'stream-1', name: 'Cam', playbackId: 'pb1', streamKey: 'abcd-efgh-ijkl-mnop' };
  const asset = { id: 'asset-1', name: 'Clip', status: { phase: 'ready' } };

  it('stream events carry the account stream without its key; the body has the service fields', () => {
    const body = buildWebhookTestEvent('stream.started', { webhookId: 'wh-1', stream, now: T }) as WebhookEventBody;
    assert.deepEqual(Object.keys(body), ['id', 'webhookId', 'createdAt', 'timestamp', 'event', 'stream']);
    assert.deepEqual([body.webhookId, body.event, body.timestamp, body.createdAt], ['wh-1', 'stream.started', T, T]);
    assert.equal((body.stream as { id: string }).id, 'stream-1');
    assert.ok(!JSON.stringify(body).includes(stream.streamKey));
    const ready = buildWebhookTestEvent('recording.ready', { webhookId: 'wh-1', stream }) as WebhookEventBody;
    assert.deepEqual(Object.keys(ready.payload ?? {}), ['recordingUrl', 'mp4Url', 'session']);
  });

  it('asset and task events carry snapshots in the service shapes; every event name builds', () => {
    const created = buildWebhookTestEvent('asset.ready', { webhookId: 'w', asset, now: T }) as WebhookEventBody;
    assert.deepEqual(created.payload, { id: 'asset-1', snapshot: { ...asset, status: { phase: 'ready', updatedAt: T } } });
    // The account's asset picked for the test is ready; the event says it failed: its snapshot says so too.
    const failed = buildWebhookTestEvent('asset.failed', { webhookId: 'w', asset, now: T }) as WebhookEventBody;
    const failedStatus = (failed.payload as { snapshot: { status: { phase: string; errorMessage?: string } } }).snapshot.status;
    assert.equal(failedStatus.phase, 'failed');
    assert.match(failedStatus.errorMessage ?? '', /failed to probe/);
    const made = buildWebhookTestEvent('asset.created', { webhookId: 'w', asset, now: T }) as WebhookEventBody;
    assert.equal((made.payload as { snapshot: { status: { phase: string } } }).snapshot.status.phase, 'waiting');
    const deleted = buildWebhookTestEvent('asset.deleted', { webhookId: 'w', asset }) as WebhookEventBody;
    assert.deepEqual(deleted.payload, { asset: { id: 'asset-1', snapshot: asset } });
    const done = buildWebhookTestEvent('task.completed', { webhookId: 'w', asset }) as WebhookEventBody;
    assert.equal((done.payload as { success: boolean }).success, true);
    assert.equal(created.stream, undefined);
    for (const event of WEBHOOK_EVENTS) assert.ok(buildWebhookTestEvent(event, { webhookId: 'w' }).timestamp > 0, event);
    assert.deepEqual(Object.keys(buildWebhookTestEvent('playback.accessControl', { webhookId: 'w' })), ['context', 'accessKey', 'timestamp']);
  });

  it('withoutSecrets hides a webhook shared secret (for details shown to people)', () => {
    assert.deepEqual(withoutSecrets({ id: 'w', sharedSecret: 'shh-123456789' }), { id: 'w', sharedSecret: '(hidden)' });
  });
});
