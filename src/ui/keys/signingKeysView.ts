import * as vscode from 'vscode';
import type { SigningKey } from '../../api';
import { dateTime, md, quoted, shortName, timeAgo } from '../common/format';
import { Disposable } from '../common/disposable';
import type { MessageItem } from '../common/messageItem';
import type { Prompts } from '../common/prompts';
import type { Shown } from '../common/retryWhileShown';
import type { Account } from '../account/account';
import { KeyChanges } from './gateCache';
import type { PrivateKeyState, PrivateKeys } from './privateKeys';
import type { Rotation, Rotations } from './rotations';
import { SigningKeysModel } from './signingKeysModel';
import { tickWhenHeld } from '../common/walkthrough';
import { COMMANDS } from '../common/commandIds';

/** Where a key stands: its rotation (if any) and whether its private key is kept in secret storage. */
export interface KeyStanding {
  rotation?: { rotation: Rotation; role: 'old' | 'new' };
  privateKey?: PrivateKeyState;
  /** A rotation is asking the gate until its cache lets go of the key's old state. */
  waitingForCache?: boolean;
}

/** Names longer than this are shortened on the row, so its state stays in sight; the tooltip has the whole name. */
const ROW_NAME_CHARS = 32;

function rowLabel(name: string): string {
  return shortName(name, ROW_NAME_CHARS);
}

const PRIVATE_KEY_WORDS: Record<'kept' | 'lost' | 'none', string> = {
  kept: vscode.l10n.t('kept in VS Code’s secret storage'),
  lost: vscode.l10n.t(
    '**missing**: it was kept in VS Code’s secret storage, which no longer has it (another machine, or a cleared keychain). Sign with the PEM file you saved, or rotate the key',
  ),
  none: vscode.l10n.t('not kept by VS Code'),
};

export class SigningKeyItem extends vscode.TreeItem {
  constructor(
    readonly key: SigningKey,
    readonly standing: KeyStanding = {},
  ) {
    super(rowLabel(key.name || vscode.l10n.t('Unnamed key')), vscode.TreeItemCollapsibleState.None);
    this.id = key.id;
    const { rotation } = standing;
    this.description = description(key, standing);
    this.iconPath = key.disabled
      ? new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground'))
      : new vscode.ThemeIcon(rotation ? 'sync' : 'key', new vscode.ThemeColor('charts.green'));
    this.contextValue = contextValue(key, rotation);
    // The tooltip is built on hover (the view's resolveTreeItem): the first rows do not wait for it.
  }
}

/** A key row's tooltip: its dates, project, public key and where its private key is. */
function keyTooltip(key: SigningKey, { rotation, privateKey }: KeyStanding): vscode.MarkdownString {
  const name = md(key.name || vscode.l10n.t('Unnamed key'));
  return new vscode.MarkdownString(
    [
      key.disabled ? vscode.l10n.t('**{0}** — disabled', name) : `**${name}**`,
      ...(rotation ? ['', rotationTooltip(rotation.role, rotation.rotation)] : []),
      '',
      vscode.l10n.t('ID: `{0}`', key.id),
      vscode.l10n.t('Created: {0}', dateTime(key.createdAt)),
      key.lastSeen
        ? vscode.l10n.t('Last seen: {0} (the service records playback about a minute later)', dateTime(key.lastSeen))
        : vscode.l10n.t('Last seen: never (the service records playback about a minute later)'),
      key.projectId ? vscode.l10n.t('Project: `{0}`', key.projectId) : vscode.l10n.t('Project: —'),
      vscode.l10n.t('Public key: `{0}`', publicKeyPreview(key.publicKey)),
      vscode.l10n.t('Private key: {0}', PRIVATE_KEY_WORDS[privateKey ?? 'none']),
    ].join('  \n'),
  );
}

/** Short enough for the default sidebar width; the tooltip has the detail. */
function description(key: SigningKey, { rotation, privateKey, waitingForCache }: KeyStanding): string {
  const lost = privateKey === 'lost' ? vscode.l10n.t('private key missing') : undefined;
  const parts = [state(key, rotation, waitingForCache), lost];
  if (!rotation && !key.disabled && key.createdAt) parts.push(vscode.l10n.t('created {0}', String(timeAgo(key.createdAt))));
  return parts.filter(Boolean).join(' · ');
}

/** The state first: it is what a person scans the rows for. */
function state(key: SigningKey, rotation: KeyStanding['rotation'], waitingForCache?: boolean): string | undefined {
  if (!rotation) return key.disabled ? vscode.l10n.t('disabled') : undefined;
  if (rotation.role === 'new') return vscode.l10n.t('replacement');
  if (rotation.rotation.step === 'deploy') return vscode.l10n.t('being replaced');
  if (!key.disabled) return vscode.l10n.t('replaced · enabled');
  if (waitingForCache) return vscode.l10n.t('retired · waiting for the service’s cache');
  return key.lastSeen ? vscode.l10n.t('retired · seen {0}', String(timeAgo(key.lastSeen))) : vscode.l10n.t('retired · never seen');
}

function rotationTooltip(role: 'old' | 'new', rotation: Rotation): string {
  const newName = md(rotation.newName);
  const oldName = md(rotation.oldName);
  if (role === 'new') return vscode.l10n.t('Replaces {0} (rotation started {1}).', quoted(oldName), dateTime(rotation.startedAt));
  if (rotation.step === 'deploy') return vscode.l10n.t('Being replaced by {0}: deploy it, then run **Continue Rotation** to disable this key.', quoted(newName));
  return vscode.l10n.t('Replaced by {0} and disabled: check that playback works, then **Delete** this key to finish the rotation.', quoted(newName));
}

/** Space-separated words, as every row's contextValue (menus match `viewItem =~ /^signingKey enabled\b/`). */
function contextValue(key: SigningKey, rotation: KeyStanding['rotation']): string {
  if (key.disabled) return rotation?.role === 'old' ? 'signingKey disabled retired' : 'signingKey disabled';
  if (rotation?.rotation.step === 'deploy') return rotation.role === 'old' ? 'signingKey enabled rotating' : 'signingKey enabled rotationNew';
  return 'signingKey enabled';
}

/** The base64 body of the PEM inside the service's base64 `publicKey`, shortened for a tooltip. */
function publicKeyPreview(publicKey: string | undefined): string {
  if (!publicKey) return '—';
  const pem = Buffer.from(publicKey, 'base64').toString('utf8');
  const body = pem.includes('BEGIN') ? pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '') : publicKey;
  return body.length > 32 ? `${body.slice(0, 16)}…${body.slice(-12)}` : body;
}

type Node = SigningKeyItem | MessageItem;

/** Lists the account's signing keys (all pages). */
export class SigningKeysView extends Disposable implements vscode.TreeDataProvider<Node> {
  private readonly model: SigningKeysModel;
  readonly onDidChangeTreeData: vscode.Event<undefined | never[]>;

  constructor(
    private readonly session: Account,
    prompts: Prompts,
    readonly rotations: Rotations,
    readonly privateKeys: PrivateKeys,
    readonly keyChanges = new KeyChanges(),
  ) {
    super();
    this.model = this.register(new SigningKeysModel({ session, prompts, couldNotLoad: vscode.l10n.t('Could not load signing keys'), refreshCommand: COMMANDS.keys.refresh }, rotations, privateKeys));
    this.onDidChangeTreeData = this.model.onDidChange;
  }

  refresh(): void {
    this.model.reset();
  }

  /** The tree that shows this view (made from the view, so it comes after): see TreeModel.showIn. */
  showIn(tree: Shown): void {
    this.model.showIn(tree);
  }

  getTreeItem(node: Node): vscode.TreeItem {
    return node;
  }

  /** Builds a key row's tooltip on hover, not for every row drawn. */
  resolveTreeItem(item: vscode.TreeItem, node: Node): vscode.TreeItem {
    if (node instanceof SigningKeyItem) item.tooltip = keyTooltip(node.key, node.standing);
    return item;
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (node || !(await this.session.signedIn())) return [];
    const sameProfile = this.session.sameProfile();
    try {
      const keys = (await this.model.loadForTree()) ?? [];
      tickWhenHeld('SigningKey', keys.length);
      return keys.map(
        (key) =>
          new SigningKeyItem(key, {
            rotation: this.rotations.of(key.id),
            privateKey: this.privateKeys.state(key.id),
            waitingForCache: this.keyChanges.isWaiting(key.id),
          }),
      );
    } catch (error) {
      return sameProfile() ? [this.model.errorRow(vscode.l10n.t('Could not load signing keys'), error)] : [];
    }
  }
}
