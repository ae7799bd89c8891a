import assert from 'node:assert/strict';
import { StudioClient, type Stream } from '../../src/api';
import { PagedList } from '../../src/ui/common/pagedList';
import { ReadWhenShown } from '../../src/ui/common/readWhenShown';
import type { Shown } from '../../src/ui/common/retryWhileShown';
import { startEmulator, type Emulator } from '../emulator';

const TOKEN = 'tok-shown-41d8';
const signedIn = () => Promise.resolve(true);
/** Once the promises on their way have run (the read starts after `ready` answered). */
const settled = () => new Promise((resolve) => setImmediate(resolve));

/** A tree view as VS Code drives it: hidden until shown; each change of that said to the listeners. */
class TreeStandIn {
  visible = false;
  private readonly listeners = new Set<(event: { visible: boolean }) => void>();
  readonly onDidChangeVisibility = ((listener: (event: { visible: boolean }) => void) => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }) as unknown as Shown['onDidChangeVisibility'];

  show(visible: boolean): void {
    this.visible = visible;
    for (const listener of this.listeners) listener({ visible });
  }
}

describe('ReadWhenShown: a view reads its first rows when VS Code shows it, before VS Code asks for them', () => {
  let emu: Emulator;
  let list: PagedList<Stream>;
  let early: ReadWhenShown<void>;
  let tree: TreeStandIn;
  const streamLists = () => emu.requests.filter((request) => request.origin === 'api' && /^\/api\/stream(\?|$)/.test(request.url)).length;

  beforeEach(async () => {
    emu = await startEmulator({ tokens: [TOKEN] });
    emu.store.addStream({ name: 'shown' });
    const client = new StudioClient({ baseUrl: emu.apiUrl, getToken: () => TOKEN, userAgent: 'test', retry: { maxRetries: 0 } });
    list = new PagedList<Stream>((cursor, limit) => client.streams.listPage({ streamsOnly: true }, cursor, limit));
    early = new ReadWhenShown(signedIn, () => list.load());
    tree = new TreeStandIn();
  });

  afterEach(async () => {
    early.dispose();
    await emu.close();
  });

  it('reads nothing while hidden; shown, it reads the first page, and the first ask takes that read: one request', async () => {
    early.showIn(tree);
    await settled();
    assert.equal(streamLists(), 0, 'a hidden view reads nothing');
    tree.show(true);
    await settled();
    const taken = early.take();
    assert.ok(taken, 'the read started as the view showed');
    await taken;
    await list.load();
    assert.deepEqual(list.items.map((stream) => stream.name), ['shown']);
    assert.equal(streamLists(), 1);
    assert.equal(early.take(), undefined, 'taken once: the next ask reads for itself');
  });

  it('a view asked before it shows reads as before, and nothing is read early after (hidden and shown again either)', async () => {
    early.showIn(tree);
    assert.equal(early.take(), undefined);
    await list.load();
    tree.show(true);
    tree.show(false);
    tree.show(true);
    assert.equal(early.take(), undefined);
    assert.equal(streamLists(), 1);
  });

  it('asked while the tokens are still read, the view reads for itself and nothing starts early', async () => {
    early.showIn(tree);
    tree.show(true);
    assert.equal(early.take(), undefined);
    await settled();
    assert.equal(early.take(), undefined);
    await list.load();
    assert.equal(streamLists(), 1);
  });

  it('signed out, nothing is read early', async () => {
    early = new ReadWhenShown(() => Promise.resolve(false), () => list.load());
    early.showIn(tree);
    tree.show(true);
    await settled();
    assert.equal(early.take(), undefined);
    assert.equal(streamLists(), 0);
  });

  it('a view shown when its tree is made reads at once; a reset drops that read for what the view loads next', async () => {
    tree.visible = true;
    early.showIn(tree);
    await settled();
    early.reset();
    assert.equal(early.take(), undefined);
    // The view's own load shares the read on its way (PagedList): still one request.
    await list.load();
    assert.equal(streamLists(), 1, 'the read had started');
  });

  it("the early read's failure is the first ask's to show, and no rejection goes unhandled meanwhile", async () => {
    early = new ReadWhenShown(signedIn, () => Promise.reject(new Error('refused by the stand-in')));
    let unhandled: unknown;
    const onUnhandled = (reason: unknown) => (unhandled = reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      early.showIn(tree);
      tree.show(true);
      // Node reports a rejection nobody handles once the microtasks ran: the ask comes later than that, as VS Code's does.
      await settled();
      await settled();
      assert.equal(unhandled, undefined);
      await assert.rejects(early.take() ?? Promise.resolve(), /refused by the stand-in/);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
