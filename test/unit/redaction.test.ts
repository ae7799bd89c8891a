import assert from 'node:assert/strict';
import { StudioApiError, StudioClient, redact, urlToken } from '../../src/api';
import { uploadVideo, type UploadRequester } from '../../src/upload';
import { startEmulator, type Emulator } from '../emulator';
import { MiB, TempDir, makeFile } from './helpers/uploadFiles';

describe('redaction of known secrets', () => {
  describe('redact()', () => {
    it('blanks every token= value, also percent-encoded inside another address', () => {
      assert.equal(redact('PUT https://h/api/asset/upload/direct?token=eyJ.a.b&x=1 failed'), 'PUT https://h/api/asset/upload/direct?token=***&x=1 failed');
      assert.equal(redact('{"next":"https://h/p?TOKEN=abc\\"}'), '{"next":"https://h/p?TOKEN=***\\"}');
      assert.equal(redact('see /x?next=https%3A%2F%2Fh%2Fp%3Ftoken%3DeyJ.a.b%26x%3D1'), 'see /x?next=https%3A%2F%2Fh%2Fp%3Ftoken%3D***%26x%3D1');
    });

    it('blanks each known secret raw, JSON-escaped (with or without \\/) and URL-encoded (any hex case)', () => {
      const secret = 'a/b"c\\d+e=f';
      const text = [secret, JSON.stringify(secret), JSON.stringify(secret).replace(/\//g, '\\/'), encodeURIComponent(secret), encodeURIComponent(secret).toLowerCase()].join(' | ');
      assert.equal(redact(text, [secret]), '*** | "***" | "***" | *** | ***');
    });

    it('leaves short values alone (they would blank ordinary words) and ignores undefined', () => {
      assert.equal(redact('the id is abc', ['abc', undefined, '']), 'the id is abc');
    });

    it('reads the token of a pre-signed address', () => {
      assert.equal(urlToken('https://h/api/asset/upload/tus?token=eyJ.x.y'), 'eyJ.x.y');
      assert.equal(urlToken('https://h/api/asset/upload/tus/directUpload%2Fabc'), undefined);
      assert.equal(urlToken('not a url'), undefined);
    });
  });

  describe('over real HTTP', function () {
    this.timeout(30_000);
    let emu: Emulator;
    let client: StudioClient;
    let dir: TempDir;
    let file: string;

    before(async () => {
      dir = new TempDir('redaction-');
      file = makeFile(dir.file('clip.mp4'), 2 * MiB);
      emu = await startEmulator({ processingDelayMs: 20 });
      client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => 'demo-token', userAgent: 'redaction-test', retry: { maxRetries: 0 } });
    });

    after(async () => {
      await client?.close();
      await emu?.close();
      dir?.remove();
    });

    it('a tus PATCH error whose body echoes the upload token: the message never repeats it, though the PATCH address has no token', async () => {
      let token = '';
      const echoing: UploadRequester = {
        assets: {
          async requestUpload(name, signal) {
            const ticket = await client.assets.requestUpload(name, signal);
            token = urlToken(ticket.tusEndpoint) ?? '';
            emu.faults.fail({
              origin: 'ingest',
              method: 'PATCH',
              path: /\/upload\/tus\/.+/,
              status: 400,
              body: { errors: [`upload ${token} refused`, `start again at ${emu.ingestOrigin}/x?next=${encodeURIComponent(ticket.tusEndpoint)}`] },
            });
            return ticket;
          },
          get: (id, signal) => client.assets.get(id, signal),
        },
      };
      const error = await uploadVideo({ client: echoing, filePath: file, name: 'echo', method: 'tus', retryDelaysMs: [] }).then(
        () => assert.fail('expected the upload to fail'),
        (err: unknown) => err as StudioApiError,
      );
      assert.ok(error instanceof StudioApiError);
      assert.ok(token.length > 20);
      const patch = emu.requests.find((r) => r.method === 'PATCH');
      assert.ok(patch && !patch.url.includes(token), 'the PATCH went to the token-free Location');
      assert.match(error.message, /^the upload server refused the upload: upload \*\*\* refused; start again at http:\/\/\S+%3Ftoken%3D\*\*\* \(PATCH \/api\/asset\/upload\/tus\/\S+ → 400\)$/);
      const everything = JSON.stringify([error.message, error.messages, (error.cause as Error | undefined)?.message]);
      assert.ok(!everything.includes(token), everything);
    });
  });
});
