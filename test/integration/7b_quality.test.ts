import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FromQualityPage } from '../../src/ui/quality/qualityMessages';
import { answer, assertAllAnswered, client, emulator, eventually, panels, person, screenshot, signIn, view, type CapturedPanel, type PromptRequest } from './harness';

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Quality and Usage panel `open` opens (a command), once VS Code has it. */
async function opened(open: () => Thenable<unknown>): Promise<CapturedPanel> {
  const before = panels('livepeer.quality').length;
  await open();
  return eventually(() => panels('livepeer.quality')[before] ?? assert.fail('no Quality and Usage panel opened'));
}

/** The page's text once it matches `pattern` (as its script reports what it shows). */
function pageSays(panel: CapturedPanel, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  return eventually(() => {
    const shown = (panel.received as FromQualityPage[]).filter((m) => m.type === 'shown').at(-1);
    const text = shown?.type === 'shown' ? shown.text : '';
    assert.match(text, pattern);
    return text;
  }, timeoutMs);
}

function closed(panel: CapturedPanel): Promise<void> {
  return eventually(() => assert.ok(panel.disposed, `${panel.viewType} is not closed`));
}

/** The asset's row in the Assets view (listed again first), as VS Code passes it to a row's command. */
async function assetRow(assetId: string): Promise<unknown> {
  await vscode.commands.executeCommand('livepeer.assets.refresh');
  return eventually(async () => ((await view('assets').rows()).find((row) => row.item.id === assetId) ?? assert.fail(`asset ${assetId} is not listed`)).element);
}

describe('Quality and Usage', () => {
  const made: string[] = [];
  before(signIn);
  after(() => {
    for (const id of made) emulator.store.deleteAsset(id);
  });
  afterEach(assertAllAnswered);

  it('shows an asset’s views, watch time, breakdowns and QoE from the service for the period picked, and the service’s refusal of a period in words', async () => {
    const asset = emulator.store.addAsset({ name: 'Quality clip', status: { phase: 'ready', updatedAt: Date.now() } });
    made.push(asset.id);
    const row = await assetRow(asset.id);
    const panel = await opened(() => vscode.commands.executeCommand('livepeer.quality.show', row));
    await pageSays(panel, /Views and watch time[\s\S]*Time to first frame[\s\S]*By country/);
    const html = panel.html;
    assert.match(html, /script-src 'nonce-[A-Za-z0-9+/=]{16,}'/, 'its one script, by nonce');
    assert.ok(!/unsafe-inline|\son\w+=|<script(?![^>]*nonce)/.test(html), 'no inline script or handler');

    // A chosen period, by the page's own buttons: the figures of those days, as the service answers them.
    const since = emulator.requests.length;
    await person.click('90 days');
    await eventually(() => {
      const asked = emulator.requests.slice(since).filter((r) => r.url.includes('/data/views/query/creator'));
      assert.equal(asked.length, 4, 'totals, country, device, browser');
      for (const r of asked) {
        const query = new URL(r.url, 'http://x').searchParams;
        assert.equal(Number(query.get('to')) - Number(query.get('from')), 90 * DAY_MS);
      }
    });
    const to = Date.now() - 3 * DAY_MS;
    const from = to - 20 * DAY_MS;
    await person.click('Custom…');
    await person.fill('From', day(from));
    await person.fill('To', day(to));
    await person.click('Show');
    const range = { from: Date.parse(day(from)), to: Date.parse(day(to)) + DAY_MS };
    const studio = client();
    const [total] = await studio.viewership.viewsOver({ assetId: asset.id }, range);
    const countries = await studio.viewership.viewsOver({ assetId: asset.id }, range, 'country');
    assert.ok(total && total.viewCount > 0 && countries.length > 1, 'the emulator has views for these days');
    const text = await pageSays(panel, new RegExp(`Views\\s+${total.viewCount.toLocaleString()}\\b`));
    for (const row of countries) assert.match(text, new RegExp(`${row.group}\\s+${row.viewCount.toLocaleString()} views`), `${row.group} in ${text}`);
    const ttff = total.ttffMs ?? -1;
    assert.match(text, new RegExp(`Time to first frame\\s+${ttff < 1000 ? `${ttff} ms` : `${(ttff / 1000).toFixed(2)} s`}\\s+How long viewers wait`));
    assert.match(text, /Rebuffer ratio\s+[\d.,]+ %\s+The share of watch time/);
    if (process.env.LIVEPEER_SCREENSHOT_DIR) await screenshot('quality');

    // More days than the service answers in one query: its refusal, said in words.
    await person.fill('From', day(Date.now() - 400 * DAY_MS));
    await person.click('Show');
    await pageSays(panel, /The service refused this period: at most 366 days per query\. Choose a shorter or more recent one\./);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await closed(panel);
  });

  it('shows the account’s usage for the period and this month in the service’s units; closed while asking, it gives the requests up and shows nothing more', async () => {
    const panel = await opened(() => vscode.commands.executeCommand('livepeer.quality.showAccount'));
    const text = await pageSays(panel, /Usage in this period[\s\S]*This month so far/);
    const usage = await client().usage.query({ from: Date.now() - 30 * DAY_MS, to: Date.now() });
    assert.match(text, new RegExp(`Transcode\\s+${usage.transcodeMins.toLocaleString()} minutes\\s+Minutes of video transcoded`));
    assert.match(text, /Delivery\s+[\d.,]+ minutes[\s\S]*Storage\s+[\d.,]+ minutes/);

    const held = emulator.faults.hold({ origin: 'api', method: 'GET', path: '/api/data/usage/query', times: 2 });
    try {
      const since = emulator.requests.length;
      await person.click('7 days');
      const asked = await eventually(() => {
        const inFlight = emulator.requests.slice(since).filter((r) => r.url.startsWith('/api/data/usage/query'));
        assert.equal(inFlight.length, 2, 'the period and this month');
        return inFlight;
      });
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await closed(panel);
      await eventually(() => assert.ok(asked.every((r) => r.abandoned), 'the panel gave its requests up'));
      const after = [panel.posted.length, panel.received.length];
      held.release();
      // The service answering afterwards changes nothing: no request, nothing posted.
      await client().usage.query({ from: Date.now() - DAY_MS, to: Date.now() });
      assert.deepEqual([panel.posted.length, panel.received.length], after);
      assert.deepEqual(emulator.requests.slice(since).filter((r) => r.url.startsWith('/api/data/usage/query')).map((r) => r.status), [undefined, undefined, 200]);
    } finally {
      held.release();
    }
  });

  it('from the palette, asks which stream or ready asset (live streams first) and opens its panel', async () => {
    const asset = emulator.store.addAsset({ name: 'Palette quality', status: { phase: 'ready', updatedAt: Date.now() } });
    made.push(asset.id);
    const live = emulator.store.addStream({ name: 'Palette live' });
    emulator.store.startSession(live);
    try {
      answer((request) => {
        const items = (request as Extract<PromptRequest, { kind: 'pick' }>).items;
        const labels = items.map((item) => item.label);
        assert.equal(items.find((item) => item.label === '$(broadcast) Palette live')?.description, 'live');
        assert.equal(items[0]?.description, 'live', 'live streams first');
        assert.ok(labels.includes('$(file-media) Palette quality'), `the ready asset among ${labels.join(', ')}`);
        return items.find((item) => item.label === '$(file-media) Palette quality');
      });
      const panel = await opened(() => vscode.commands.executeCommand('livepeer.quality.show'));
      assert.equal(panel.panel.title, 'Quality: Palette quality', 'the asset picked');
      await pageSays(panel, /Views and watch time/);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await closed(panel);
    } finally {
      emulator.store.endLiveSession(live);
    }
  });
});
