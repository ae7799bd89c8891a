import * as path from 'node:path';
import * as vscode from 'vscode';
import type { InterruptedUploadSummary } from '../../upload';
import { dateTime, md, timeAgo } from '../format';
import { describeProgress, megabytes } from './progressText';
import { messageOf } from '../errors';
import type { Upload, UploadManager } from './uploadManager';

/**
 * A row of the Uploads view. `contextValue` drives the menus: `upload.running.tus|direct`,
 * `upload.interrupted`, `upload.done`, `upload.failed`.
 */
export class UploadItem extends vscode.TreeItem {
  /** Set for running and finished uploads of this session. */
  upload: Upload | undefined;
  /** Set for stored interrupted uploads. */
  entry: InterruptedUploadSummary | undefined;

  static running(upload: Upload): UploadItem {
    const item = new UploadItem(upload.name, `run:${upload.id}`, upload.filePath);
    item.upload = upload;
    item.contextValue = `upload.running.${upload.method}`;
    item.iconPath = new vscode.ThemeIcon('sync~spin');
    item.description = describeProgress(upload.progress);
    item.tooltip = tooltip(upload.name, upload.filePath, [`Uploading (${upload.method === 'tus' ? 'resumable' : 'direct'}): ${item.description}`]);
    return item;
  }

  static interrupted(entry: InterruptedUploadSummary): UploadItem {
    const item = new UploadItem(entry.assetName, `entry:${entry.id}`, entry.filePath);
    item.entry = entry;
    item.contextValue = 'upload.interrupted';
    item.iconPath = new vscode.ThemeIcon('debug-pause');
    const percent = entry.totalBytes ? Math.floor((entry.bytesDone / entry.totalBytes) * 100) : 0;
    item.description = `interrupted at ${percent}% · ${timeAgo(entry.updatedAt) ?? ''}`;
    item.tooltip = tooltip(entry.assetName, entry.filePath, [
      `Interrupted at ${megabytes(entry.bytesDone)} of ${megabytes(entry.totalBytes)}; resume continues from there.`,
      `Asset ID: \`${entry.assetId}\``,
      `Playback ID: ${entry.playbackId ? `\`${entry.playbackId}\`` : '—'}`,
      `Started: ${dateTime(entry.startedAt)}`,
    ]);
    return item;
  }

  static finished(upload: Upload): UploadItem {
    const item = new UploadItem(upload.name, `done:${upload.id}`, upload.filePath);
    item.upload = upload;
    const result = upload.result;
    if (!result) {
      item.contextValue = 'upload.failed';
      item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
      item.description = 'upload failed';
      item.tooltip = tooltip(upload.name, upload.filePath, [`Upload failed: ${md(messageOf(upload.error))}`]);
      return item;
    }
    const status = upload.asset?.status;
    const phase = status?.phase ?? 'uploaded';
    item.contextValue = 'upload.done';
    item.iconPath =
      phase === 'ready'
        ? new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'))
        : phase === 'failed'
          ? new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'))
          : new vscode.ThemeIcon('loading~spin');
    const progress = status?.progress !== undefined && phase === 'processing' ? ` ${Math.round(status.progress * 100)}%` : '';
    item.description = phase === 'failed' ? `failed: ${status?.errorMessage ?? 'processing failed'}` : `${phase}${progress}`;
    item.tooltip = tooltip(upload.name, upload.filePath, [
      `Asset: ${md(item.description)}`,
      `Asset ID: \`${result.assetId}\``,
      `Playback ID: ${result.playbackId ? `\`${result.playbackId}\`` : '—'}`,
      `${megabytes(result.bytes)} in ${(result.durationMs / 1000).toFixed(1)} s (${result.method}${result.resumed ? ', resumed' : ''})`,
    ]);
    return item;
  }

  private constructor(
    label: string,
    id: string,
    readonly filePath: string,
  ) {
    super(label, vscode.TreeItemCollapsibleState.None);
    this.id = id;
  }

  get assetId(): string | undefined {
    return this.entry?.assetId ?? this.upload?.result?.assetId;
  }

  get playbackId(): string | undefined {
    return this.entry?.playbackId ?? this.upload?.result?.playbackId;
  }
}

function tooltip(name: string, filePath: string, lines: string[]): vscode.MarkdownString {
  return new vscode.MarkdownString([`**${md(name)}** — ${md(path.basename(filePath))}`, '', ...lines, `File: ${md(filePath)}`].join('  \n'));
}

/** Running uploads, then interrupted ones (they outlive the window), then this session's finished ones. */
export class UploadsView implements vscode.TreeDataProvider<UploadItem>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<UploadItem | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly manager: UploadManager) {
    this.subscriptions = [manager.onDidChange(() => this.refresh()), manager.onDidProgress(() => this.refresh())];
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  getTreeItem(item: UploadItem): UploadItem {
    return item;
  }

  getParent(): undefined {
    return undefined;
  }

  async getChildren(item?: UploadItem): Promise<UploadItem[]> {
    if (item) return [];
    const interrupted = await this.manager.interrupted();
    return [
      ...this.manager.runningUploads.map(UploadItem.running),
      ...interrupted.map(UploadItem.interrupted),
      ...this.manager.recentUploads.map(UploadItem.finished),
    ];
  }

  /** The row of a finished upload, for revealing it. */
  async itemOf(upload: Upload): Promise<UploadItem | undefined> {
    return (await this.getChildren()).find((item) => item.upload === upload);
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
    this.changed.dispose();
  }
}
