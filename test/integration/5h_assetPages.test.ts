import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { assertAllAnswered, client, emulator, eventually, signIn, view, type Row } from './harness';

const DAY = 86_400_000;
const SEEDED = 2_100;

describe('Assets past 500 rows: Load more… adds one collapsed group row per page group (501–1,000, then by 1,000)', function () {
  this.timeout(180_000);
  const seeded: string[] = [];
  let provider: vscode.TreeDataProvider<unknown>;
  let getChildren: vscode.TreeDataProvider<unknown>['getChildren'];
  /** True while this test reads the rows itself (so that VS Code's own reads can be told apart). */
  let reading = false;
  /** Resolved once VS Code itself has drawn the top level with every page loaded (500 rows and 3 groups, no Load more…). */
  let drawnWhole: Promise<void>;

  /** The Assets view's top-level rows as VS Code draws them: their labels, and how many are asset rows. */
  async function topLevel(): Promise<{ rows: Row[]; labels: string[]; assets: number }> {
    reading = true;
    const pending = view('assets').rows();
    reading = false;
    const rows = await pending;
    return { rows, labels: rows.map((row) => row.label), assets: rows.filter((row) => String(row.contextValue).startsWith('asset')).length };
  }

  before(async () => {
    await signIn();
    // Older than every other suite's assets: they come last, in the groups.
    for (let i = 0; i < SEEDED; i++) seeded.push(emulator.store.addAsset({ name: `archive ${i + 1}.mp4`, createdAt: Date.now() - 400 * DAY - i * 60_000, status: { phase: 'ready' } }).id);
    provider = view('assets').provider;
    getChildren = provider.getChildren.bind(provider);
    drawnWhole = new Promise((resolve) => {
      provider.getChildren = async (element?: unknown) => {
        const byVsCode = !reading;
        const rows = ((await getChildren(element)) ?? []) as vscode.TreeItem[];
        if (byVsCode && !element && rows.length === 503 && rows.at(-1)?.label !== 'Load more…') resolve();
        return rows;
      };
    });
    await vscode.commands.executeCommand('livepeer.assets.clearFilters');
    await vscode.commands.executeCommand('livepeer.assets.focus');
    await vscode.commands.executeCommand('livepeer.assets.refresh');
  });

  afterEach(assertAllAnswered);

  after(async () => {
    provider.getChildren = getChildren;
    for (const id of seeded) emulator.store.assets.delete(id);
    await vscode.commands.executeCommand('livepeer.assets.refresh');
  });

  it('the first 500 rows stay top-level rows; past them each click adds one collapsed group row ("Assets 501–1,000", "Assets 1,001–2,000"), which expands to its rows; a reveal there expands it', async () => {
    const all = (await client().assets.list({})).map((asset) => asset.id);
    assert.ok(all.length > 2_000 && all.length <= 3_000, `the account lists ${all.length} assets`);
    const last = all.length.toLocaleString('en-US');

    // Load more… until the service has no more: below 500 rows the list grows as before, then by one row per click.
    const topLevelCounts: number[] = [];
    for (let shown = await topLevel(); shown.labels.at(-1) === 'Load more…'; shown = await topLevel()) {
      topLevelCounts.push(shown.rows.length);
      await vscode.commands.executeCommand('livepeer.assets.loadMore');
    }
    const { rows, labels, assets } = await topLevel();
    assert.equal(assets, 500, 'the first 500 assets at the top level');
    assert.deepEqual(labels.slice(500), ['Assets 501–1,000', 'Assets 1,001–2,000', `Assets 2,001–${last}`], 'then one group to 1,000 and one per 1,000, no Load more… after the last page');
    assert.deepEqual(topLevelCounts.slice(-3), [501, 502, 503], 'past 500 rows a click added one top-level row (the group) before Load more…');
    const groups = rows.slice(500);
    assert.ok(groups.every((group) => group.item.collapsibleState === vscode.TreeItemCollapsibleState.Collapsed), 'groups are drawn collapsed');

    const inGroups = await Promise.all(groups.map((group) => view('assets').rows(group)));
    assert.deepEqual([...rows.slice(0, 500), ...inGroups.flat()].map((row) => row.item.id), all, 'the groups hold the rows after the first 500, in the service order');

    // Reveal (as Show in Assets does) a row inside the first group, once VS Code drew the groups: it expands the group and selects the row.
    await drawnWhole;
    const target = all[1_500];
    const tree = view('assets').tree;
    assert.ok(tree);
    const expanded: string[] = [];
    const listening = tree.onDidExpandElement((event) => {
      const { label } = event.element as vscode.TreeItem;
      expanded.push(typeof label === 'string' ? label : (label?.label ?? ''));
    });
    try {
      await vscode.commands.executeCommand('livepeer.assets.reveal', target);
      await eventually(() => assert.deepEqual((tree.selection as vscode.TreeItem[]).map((item) => item.id), [target], 'the row is revealed and selected'));
      assert.deepEqual(expanded, ['Assets 1,001–2,000'], 'its group was expanded');
    } finally {
      listening.dispose();
    }
  });
});
