import * as vscode from 'vscode';
import type { Shown } from '../common/retryWhileShown';
import { isSettled, type Asset, type AssetWatcher, type Stream } from '../../api';
import type { Subscription } from '../../upload';
import { AssetItem, assetTooltip } from '../common/assetItem';
import { COMMANDS } from '../common/commandIds';
import { phaseOf } from '../common/format';
import { MessageItem } from '../common/messageItem';
import type { Account } from '../account/account';
import { SessionItem } from './sessionItems';

// The clips under a stream (its "Clips" row) and under a session row, from the service's clip lists;
// a bundle of its own, loaded by the first expand.

/** A clip in the Streams view: the asset's row (name, phase, length), played inline; a click shows it in Assets. */
export class ClipItem extends AssetItem {
  constructor(asset: Asset, parentKey: string) {
    super(asset);
    // The same clip is listed under its stream and its session: one tree, so ids of their own.
    this.id = `${parentKey}/clip/${asset.id}`;
  }

  override show(asset: Asset): void {
    super.show(asset);
    this.contextValue = `clip ${phaseOf(asset)}`;
    this.tooltip = assetTooltip(asset);
    this.command = { command: COMMANDS.assets.reveal, title: vscode.l10n.t('Show Asset'), arguments: [asset.id] };
  }
}

/** "Clips" under a stream that has clips: those of all its sessions, as read when the stream was expanded. */
export class ClipsItem extends vscode.TreeItem {
  constructor(
    readonly stream: Stream,
    readonly clips: Asset[],
  ) {
    super(vscode.l10n.t('Clips'), vscode.TreeItemCollapsibleState.Collapsed);
    this.description = String(clips.length);
    this.id = `${stream.id}/clips`;
    this.iconPath = new vscode.ThemeIcon('file-media');
    this.contextValue = 'clips';
  }
}


/**
 * Builds clip rows and, while the Streams view is visible, follows the unfinished ones to ready
 * (through the watcher the Assets view shares); hidden, it follows none, and shown again, it goes on.
 */
export class ClipRows implements vscode.Disposable {
  /** The rows given, by row id, with the clip each shows now. */
  private readonly shown = new Map<string, { row: ClipItem; clip: Asset }>();
  private readonly followed = new Map<string, Subscription>();
  private readonly visibility: vscode.Disposable;

  constructor(
    private readonly session: Account,
    private readonly watcher: AssetWatcher,
    private readonly view: Shown,
    private readonly changed: (row: ClipItem) => void,
    private readonly errorRow: (error: unknown) => vscode.TreeItem,
  ) {
    this.visibility = view.onDidChangeVisibility(() => this.sync());
  }

  /** A Clips row for a stream that has clips (none when the list cannot be read: its session rows list theirs). */
  async clipsRow(stream: Stream): Promise<vscode.TreeItem[]> {
    const clips = await this.session.client().clips.listForStream(stream.id).catch(() => []);
    return clips.length ? [new ClipsItem(stream, clips)] : [];
  }

  /** The clips under a stream's Clips row (every session's, as read with the stream's rows) or a session row, newest first. */
  async of(node: vscode.TreeItem): Promise<vscode.TreeItem[]> {
    if (node instanceof ClipsItem) return this.rows(String(node.id), node.clips);
    if (!(node instanceof SessionItem)) return [];
    try {
      const clips = await this.session.client().clips.listForSession(node.session.id);
      return clips.length ? this.rows(String(node.id), clips) : [new MessageItem(vscode.l10n.t('No clips of this session yet'), 'info')];
    } catch (error) {
      return [this.errorRow(error)];
    }
  }

  /** The rows of one list (`key`: its parent row's id); the rows it gave before are no longer followed. */
  private rows(key: string, clips: Asset[]): vscode.TreeItem[] {
    for (const id of this.shown.keys()) if (id.startsWith(`${key}/clip/`)) this.shown.delete(id);
    // Their rows are new objects: followed afresh, so an update draws the row shown.
    this.sync();
    const rows = clips.map((clip) => {
      const row = new ClipItem(clip, key);
      this.shown.set(String(row.id), { row, clip });
      return row;
    });
    this.sync();
    return rows;
  }

  /** Follows the unsettled clips shown while the view is visible; no others. */
  private sync(): void {
    const wanted = new Map([...this.shown].filter(([, { clip }]) => this.view.visible && !isSettled(clip)));
    for (const [id, subscription] of this.followed) {
      if (wanted.has(id)) continue;
      subscription.dispose();
      this.followed.delete(id);
    }
    for (const [id, shown] of wanted) {
      if (this.followed.has(id)) continue;
      const update = (fresh: Asset) => {
        shown.clip = fresh;
        shown.row.show(fresh);
        this.changed(shown.row);
        if (isSettled(fresh)) this.sync();
      };
      this.followed.set(id, this.watcher.subscribe(shown.clip.id, { onUpdate: update }));
    }
  }

  dispose(): void {
    this.visibility.dispose();
    this.shown.clear();
    this.sync();
  }
}
