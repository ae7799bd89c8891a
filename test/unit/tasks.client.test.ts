import assert from 'node:assert/strict';
import { StudioClient, taskKind, type ApiCallRecord } from '../../src/api';
import { NOT_ACCESSIBLE, startEmulator, startSourceServer, type Emulator, type SourceServer } from '../emulator';
import { failure } from './helpers/studioErrors';
import { waitFor } from './helpers/waitFor';

const TOKEN = 'tok-tasks-client-88';

describe('StudioClient tasks and imports over real HTTP', function () {
  this.timeout(20_000);
  let emu: Emulator;
  let source: SourceServer;
  let client: StudioClient;
  let calls: ApiCallRecord[];

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN], processingDelayMs: 20, defaultPageSize: 3 });
    source = await startSourceServer();
    calls = [];
    client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 }, onCall: (call) => calls.push(call) });
  });
  afterEach(async () => {
    await client.close();
    await source.close();
    await emu.close();
  });

  const phaseOf = (id: string) => emu.store.assets.get(id)?.status.phase;

  it('imports from a URL: the asset at once, its task an import; the same URL again is that import, said so', async () => {
    const first = await client.assets.importFromUrl({ name: ' Intro ', url: `${source.origin}/intro.mp4` });
    assert.equal(first.existing, false);
    assert.equal(first.asset.name, 'Intro');
    const again = await client.assets.importFromUrl({ name: 'Other', url: `${source.origin}/intro.mp4` });
    assert.equal(again.existing, true);
    assert.equal(again.asset.id, first.asset.id);
    const task = await client.tasks.get(first.task.id);
    assert.equal(taskKind(task), 'import');
    assert.equal((await client.tasks.ofAsset(first.asset.id))?.id, first.task.id);
    await waitFor(() => phaseOf(first.asset.id) === 'ready');
    assert.equal((await client.tasks.get(first.task.id)).status?.phase, 'completed');
  });

  it('lists tasks with phase and kind filtered here (the service refuses a phase filter), paging to the end', async () => {
    const failed = await client.assets.importFromUrl({ name: 'broken', url: `${source.origin}/missing` });
    for (let i = 0; i < 4; i++) await client.assets.requestUpload(`upload ${i}`);
    await waitFor(() => phaseOf(failed.asset.id) === 'failed');
    const onlyFailed = await client.tasks.listPage({ phase: 'failed' });
    assert.deepEqual(onlyFailed.items.map((t) => t.id), [failed.task.id]);
    assert.equal(onlyFailed.items[0]?.status?.errorMessage, NOT_ACCESSIBLE);
    assert.equal((await client.tasks.listPage({ kind: 'upload' })).items.length, 4);
    assert.ok(!calls.some((c) => c.status === 400), 'no request the service refuses');
    // Paging with small pages: every row once, and no request after the short last page.
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.tasks.listPage({}, cursor, 2);
      seen.push(...page.items.map((t) => t.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    assert.equal(new Set(seen).size, 5);
    assert.equal(pages, 3);
  });

  it('retries a failed task and a failed asset; restores a deleted asset; the service’s refusals said', async () => {
    emu.store.tasks.injectFault({ failAt: 0.2 });
    const imported = await client.assets.importFromUrl({ name: 'v', url: `${source.origin}/v.mp4` });
    const early = await failure(client.tasks.retry(imported.task.id));
    assert.match(early.message, /task is not in a retryable state/);
    await waitFor(() => phaseOf(imported.asset.id) === 'failed');
    await client.tasks.retry(imported.task.id);
    await waitFor(() => phaseOf(imported.asset.id) === 'ready');
    assert.match((await failure(client.assets.retry(imported.asset.id))).message, /Asset is not failed/);
    // The service's 500 for an asset it does not know comes back on every try: the words say so.
    const unknown = await failure(client.assets.retry('0d6f5e3c-0000-4000-8000-000000000000'));
    assert.equal(unknown.status, 500);
    assert.match(unknown.message, /service error HTTP 500: .*for an asset it does not know, so trying again will not help/);
    assert.doesNotMatch(unknown.message, /try again later/);
    await client.assets.delete(imported.asset.id);
    await client.assets.restore(imported.asset.id);
    assert.equal((await client.assets.get(imported.asset.id)).status?.phase, 'ready');
    assert.match((await failure(client.assets.restore(imported.asset.id))).message, /asset is not deleted/);
  });

  it('says the service’s own message when it refuses an import', async () => {
    const refused = await failure(client.assets.importFromUrl({ name: 'x', url: 'ftp://example.com/a.mp4' }));
    assert.match(refused.message, /must match pattern/);
    assert.doesNotMatch(refused.message, /instancePath/);
  });
});
