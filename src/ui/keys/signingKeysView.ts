import * as vscode from 'vscode';
import type { SigningKey } from '../../api';
import { dateTime, md, timeAgo } from '../format';
import { notifyIfTokenRejected } from '../errors';
import { loadErrorItem, type MessageItem } from '../messageItem';
import type { Prompts } from '../prompts';
import type { Session } from '../session';
import type { RetiredKeys } from './retiredKeys';

export class SigningKeyItem extends vscode.TreeItem {
  constructor(
    readonly key: SigningKey,
    retired: boolean,
  ) {
    super(key.name || 'Unnamed key', vscode.TreeItemCollapsibleState.None);
    this.id = key.id;
    const created = timeAgo(key.createdAt);
    const lastSeen = timeAgo(key.lastSeen);
    if (retired && key.disabled) {
      this.description = `disabled — delete when verified · ${lastSeen ? `last seen ${lastSeen}` : 'never seen'}`;
    } else {
      this.description = [key.disabled ? 'disabled' : undefined, created && `created ${created}`].filter(Boolean).join(' · ');
    }
    this.iconPath = key.disabled
      ? new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground'))
      : new vscode.ThemeIcon('key', new vscode.ThemeColor('charts.green'));
    this.contextValue = key.disabled ? (retired ? 'signingKey.disabled.retired' : 'signingKey.disabled') : 'signingKey.enabled';
    this.tooltip = new vscode.MarkdownString(
      [
        `**${md(key.name || 'Unnamed key')}**${key.disabled ? ' — disabled' : ''}`,
        '',
        `ID: \`${key.id}\``,
        `Created: ${dateTime(key.createdAt)}`,
        `Last seen: ${key.lastSeen ? dateTime(key.lastSeen) : 'never'}`,
        `Project: ${key.projectId ? `\`${key.projectId}\`` : '—'}`,
        `Public key: \`${publicKeyPreview(key.publicKey)}\``,
      ].join('  \n'),
    );
  }
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
    readonly retired: RetiredKeys,
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
    if (node || !this.session.hasToken) return [];
    try {
      const keys = await this.session.client().listSigningKeys();
      return keys.sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0)).map((key) => new SigningKeyItem(key, this.retired.has(key.id)));
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
