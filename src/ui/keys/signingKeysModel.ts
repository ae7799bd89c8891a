import type { SigningKey } from '../../api';
import { TreeModel, type TreeModelOptions } from '../common/pagedTreeModel';
import { ReadWhenShown } from '../common/readWhenShown';
import type { Shown } from '../common/retryWhileShown';
import type { PrivateKeys } from './privateKeys';
import type { Rotations } from './rotations';

/**
 * The account's signing keys (all pages, newest first), read anew each time the tree asks, and what
 * the extension keeps about them brought in line with the list as it loads: a key deleted elsewhere
 * (Studio, another window) ends its rotations and takes its kept private key along. Its rows are
 * made anew on each read (`never`: no row is drawn again alone).
 */
export class SigningKeysModel extends TreeModel<never> {
  /** The read on its way: the tree's asks meanwhile (a view drawn twice at once, a tree and a command) share its answer. */
  private reading: Promise<SigningKey[] | undefined> | undefined;
  /** The keys, read as the view first shows (see ReadWhenShown). */
  private readonly early = this.register(new ReadWhenShown(() => this.options.session.signedIn(), () => this.load()));

  constructor(
    options: TreeModelOptions,
    readonly rotations: Rotations,
    readonly privateKeys: PrivateKeys,
  ) {
    super(options);
  }

  /** The keys, once what is kept about them matches; undefined when another profile became current meanwhile (the switch reloads the view). */
  load(): Promise<SigningKey[] | undefined> {
    const reading = (this.reading ??= this.read().finally(() => {
      if (this.reading === reading) this.reading = undefined;
    }));
    return reading;
  }

  override showIn(tree: Shown): void {
    super.showIn(tree);
    this.early.showIn(tree);
  }

  /** What the tree's ask reads: the read started as the view showed (taken once), else a read of its own. */
  loadForTree(): Promise<SigningKey[] | undefined> {
    return this.early.take() ?? this.load();
  }

  /** Drops the read on its way too: what the tree asks next is read anew. */
  override reset(): void {
    this.early.reset();
    this.reading = undefined;
    super.reset();
  }

  private async read(): Promise<SigningKey[] | undefined> {
    const { session } = this.options;
    const sameProfile = session.sameProfile();
    const keys = await session.client().keys.list();
    // Another profile's list must not land: it would show, and keep private keys by, the wrong account.
    if (!sameProfile()) return undefined;
    keys.sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0));
    // A rotation neither of whose keys is listed belongs to another token's account or project: it is kept for when that token is back.
    const ids = new Set(keys.map((key) => key.id));
    for (const rotation of this.rotations.all()) {
      if (ids.has(rotation.oldKeyId) !== ids.has(rotation.newKeyId)) await this.rotations.end(rotation.oldKeyId);
    }
    if (!sameProfile()) return undefined;
    await this.privateKeys.keepOnly(keys);
    // A private key said to be kept must be there: one missing from secret storage is shown as missing.
    await this.privateKeys.verify(keys.map((key) => key.id));
    return keys;
  }
}
