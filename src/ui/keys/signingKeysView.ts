import * as vscode from 'vscode';
import type { SigningKey } from '../../api';
import { dateTime, md, timeAgo } from '../format';
import { notifyIfTokenRejected } from '../errors';
import { loadErrorItem, type MessageItem } from '../messageItem';
import type { Prompts } from '../prompts';
import type { Session } from '../session';
import type { PrivateKeys } from './privateKeys';
import type { Rotation, Rotations } from './rotations';

/** Where a key stands: its rotation (if any) and whether its private key is kept in secret storage. */
export interface KeyStanding {
  rotation?: { rotation: Rotation; role: 'old' | 'new' };
  privateKeyKept?: boolean;
}

export class SigningKeyItem extends vscode.TreeItem {
  constructor(
    readonly key: SigningKey,
    readonly standing: KeyStanding = {},
  ) {
    super(key.name || 'Unnamed key', vscode.TreeItemCollapsibleState.None);
    this.id = key.id;
    const { rotation } = standing;
    this.description = description(key, rotation);
    this.iconPath = key.disabled
      ? new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground'))
      : new vscode.ThemeIcon(rotation ? 'sync' : 'key', new vscode.ThemeColor('charts.green'));
    this.contextValue = contextValue(key, rotation);
    this.tooltip = new vscode.MarkdownString(
      [
        `**${md(key.name || 'Unnamed key')}**${key.disabled ? ' — disabled' : ''}`,
        ...(rotation ? ['', rotationTooltip(rotation.role, rotation.rotation)] : []),
        '',
        `ID: \`${key.id}\``,
        `Created: ${dateTime(key.createdAt)}`,
        `Last seen: ${key.lastSeen ? dateTime(key.lastSeen) : 'never'}`,
        `Project: ${key.projectId ? `\`${key.projectId}\`` : '—'}`,
        `Public key: \`${publicKeyPreview(key.publicKey)}\``,
        `Private key: ${standing.privateKeyKept ? 'kept in VS Code’s secret storage' : 'not kept by VS Code'}`,
      ].join('  \n'),
    );
  }
}

/** Short enough for the default sidebar width; the tooltip has the detail. */
function description(key: SigningKey, standing: KeyStanding['rotation']): string {
  if (!standing) return key.disabled ? 'disabled' : key.createdAt ? `created ${timeAgo(key.createdAt)}` : '';
  if (standing.role === 'new') return 'replacement';
  if (standing.rotation.step === 'deploy') return 'being replaced';
  const seen = key.lastSeen ? `seen ${timeAgo(key.lastSeen)}` : 'never seen';
  return key.disabled ? `retired · ${seen}` : 'replaced · enabled';
}

function rotationTooltip(role: 'old' | 'new', rotation: Rotation): string {
  const newName = md(rotation.newName);
  const oldName = md(rotation.oldName);
  if (role === 'new') return `Replaces “${oldName}” (rotation started ${dateTime(rotation.startedAt)}).`;
  if (rotation.step === 'deploy') return `Being replaced by “${newName}”: deploy it, then run **Continue Rotation** to disable this key.`;
  return `Replaced by “${newName}” and disabled: check that playback works, then **Delete** this key to finish the rotation.`;
}

function contextValue(key: SigningKey, rotation: KeyStanding['rotation']): string {
  if (key.disabled) return rotation?.role === 'old' ? 'signingKey.disabled.retired' : 'signingKey.disabled';
  if (rotation?.rotation.step === 'deploy') return rotation.role === 'old' ? 'signingKey.enabled.rotating' : 'signingKey.enabled.rotationNew';
  return 'signingKey.enabled';
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
export class SigningKeysView implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly session: Session,
    private readonly prompts: Prompts,
    readonly rotations: Rotations,
    readonly privateKeys: PrivateKeys,
  ) {
    this.subscription = session.onDidChange(() => this.refresh());
  }

  refresh(): void {
    this.changed.fire();
  }

  getTreeItem(node: Node): vscode.TreeItem {
    return node;
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (node || !(await this.session.signedIn())) return [];
    try {
      const keys = await this.session.client().listSigningKeys();
      keys.sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0));
      // A key deleted elsewhere (Studio, another window) ends its rotations and takes its kept private
      // key along. A rotation neither of whose keys is listed belongs to another token's account or
      // project: it is kept for when that token is back.
      const ids = new Set(keys.map((key) => key.id));
      for (const rotation of this.rotations.all()) {
        if (ids.has(rotation.oldKeyId) !== ids.has(rotation.newKeyId)) await this.rotations.end(rotation.oldKeyId);
      }
      await this.privateKeys.keepOnly(keys);
      return keys.map((key) => new SigningKeyItem(key, { rotation: this.rotations.of(key.id), privateKeyKept: this.privateKeys.has(key.id) }));
    } catch (error) {
      notifyIfTokenRejected(this.prompts, 'loading signing keys', error);
      return [loadErrorItem('signing keys', error, 'livepeer.keys.refresh')];
    }
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
