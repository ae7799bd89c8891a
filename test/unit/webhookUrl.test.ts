import assert from 'node:assert/strict';
import { request } from 'undici';
import { StudioClient } from '../../src/api';
import { webhookUrlProblem } from '../../src/api/webhooks/url';
import { startEmulator, type Emulator } from '../emulator';
import { failure } from './helpers/studioErrors';

const TOKEN = 'tok-WEBHOOK-URL-4c0d';

/**
 * What the service answers for each URL (its schema: pattern "^http(s)?://", case-sensitive, and
 * ajv-formats' full "uri" format): the refusals the issue measured against the service's code, and
 * addresses it accepts.
 */
const SERVICE: Array<[url: string, refused: 'pattern' | 'format' | undefined]> = [
  ['https://example.com/hook', undefined],
  ['http://localhost:3000/webhook', undefined],
  ['http://127.0.0.1:9/x?y=1#z', undefined],
  ['http://[::1]:8080/x', undefined],
  ['https://example.com/a%20b', undefined],
  ['https://xn--exmple-cua.com/x', undefined],
  ['HTTP://EXAMPLE.COM/x', 'pattern'],
  ['Https://example.com/x', 'pattern'],
  ['ftp://example.com', 'pattern'],
  ['http://example.com/a b', 'format'],
  ['https://exämple.com/x', 'format'],
  ['http://a b/x', 'format'],
  ['http://example.com/x|y', 'format'],
];

describe('webhook URL: the same check as the service (real HTTP)', function () {
  this.timeout(20_000);
  let emu: Emulator;
  let client: StudioClient;

  before(async () => {
    emu = await startEmulator({ tokens: [TOKEN] });
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'webhook-url-test', retry: { maxRetries: 0 } });
  });

  after(async () => {
    await client?.close();
    await emu?.close();
  });

  it('the emulator refuses each URL with the keyword the service uses (pattern, then format)', async () => {
    for (const [url, refused] of SERVICE) {
      const res = await request(`${emu.apiUrl}/webhook`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'n', url, events: [] }),
      });
      const text = await res.body.text();
      const keyword = res.statusCode === 422 ? (JSON.parse((JSON.parse(text) as { errors: string[] }).errors[0] ?? '[]') as Array<{ keyword: string }>)[0]?.keyword : undefined;
      assert.deepEqual([res.statusCode, keyword], refused ? [422, refused] : [201, undefined], url);
    }
  });

  it('the client refuses unsent exactly what the service refuses, and creates the rest', async () => {
    for (const [url, refused] of SERVICE) {
      const before = emu.requests.length;
      if (refused) {
        const error = await failure(client.webhooks.create({ name: 'n', url, events: [] }));
        assert.equal(error.kind, 'config', url);
        assert.equal(emu.requests.length, before, `${url}: nothing sent`);
      } else {
        assert.equal((await client.webhooks.create({ name: 'n', url, events: [] })).url, url);
      }
    }
  });

  it('says which part is wrong, and the form the service takes where there is one', () => {
    assert.equal(webhookUrlProblem('HTTP://EXAMPLE.COM/x'), 'the URL must start with http:// or https:// in lower case (the service checks the letters as typed): use http://EXAMPLE.COM/x');
    assert.equal(webhookUrlProblem('ftp://example.com'), 'the URL must start with http:// or https://');
    assert.equal(webhookUrlProblem('http://example.com/a b'), "the URL's path has a space, which the service refuses: use http://example.com/a%20b");
    assert.equal(webhookUrlProblem('https://exämple.com/x'), "the URL's host has “ä”, which the service refuses: use https://xn--exmple-cua.com/x");
    assert.equal(webhookUrlProblem('http://a b/x'), "the URL's host has a space, which the service refuses: check the host name");
  });
});
