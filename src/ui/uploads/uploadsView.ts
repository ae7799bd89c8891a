import * as vscode from 'vscode';
import type { FinishedUpload, InterruptedUploadSummary, Upload, UploadQueue } from '../../upload';
import { SERVICE_TEXT_CHARS, byteSize, dateTime, md, phaseWords, serviceText, shortName, timeAgo } from '../common/format';
import { describeProgress, duration } from './progressText';
import { Disposable } from '../common/disposable';

/**
 * A row of the Uploads view. `contextValue` drives the menus: `upload queued`, `upload held`,
 * `upload running tus|direct`, `upload paused`, `upload interrupted`, `upload done`, `upload failed`,
 * `upload cancelled` (its asset kept, without a video), `upload deciding` (cancelled, its asset being asked about),
 * `upload deleted` (its asset deleted since).
 */
export class UploadItem extends vscode.TreeItem {
  /** Set for queued, held and running uploads. */
  upload: Upload | undefined;
  /** Set for stored paused or interrupted uploads. */
  entry: InterruptedUploadSummary | undefined;
  /** Set for finished (uploaded or failed) uploads. */
  finished: FinishedUpload | undefined;

  static queued(upload: Upload): UploadItem {
    const item = new UploadItem(upload.name, `queue:${upload.id}`, upload.filePath);
    item.upload = upload;
    item.contextValue = 'upload queued';
    item.iconPath = new vscode.ThemeIcon('clock');
    item.description = vscode.l10n.t('queued');
    item.tooltip = tooltip(upload.name, upload.filePath, [vscode.l10n.t('Queued: starts when an earlier upload finishes ({0}).', byteSize(upload.file.size))]);
    return item;
  }

  static held(upload: Upload): UploadItem {
    const item = new UploadItem(upload.name, `held:${upload.id}`, upload.filePath);
    item.upload = upload;
    item.contextValue = 'upload held';
    item.iconPath = new vscode.ThemeIcon('debug-pause');
    item.description = vscode.l10n.t('paused · not started');
    item.tooltip = tooltip(upload.name, upload.filePath, [vscode.l10n.t('Paused before it started: Resume queues it again.')]);
    return item;
  }

  static running(upload: Upload): UploadItem {
    const item = new UploadItem(upload.name, `run:${upload.id}`, upload.filePath);
    item.upload = upload;
    item.contextValue = `upload running ${upload.method}`;
    item.iconPath = new vscode.ThemeIcon('sync~spin');
    item.description = describeProgress(upload.progress);
    item.tooltip = tooltip(upload.name, upload.filePath, [
      upload.method === 'tus'
        ? vscode.l10n.t('Uploading (resumable): {0} of {1}', byteSize(upload.progress.bytesSent), byteSize(upload.progress.totalBytes))
        : vscode.l10n.t('Uploading (direct): {0} of {1}', byteSize(upload.progress.bytesSent), byteSize(upload.progress.totalBytes)),
    ]);
    return item;
  }

  static stored(entry: InterruptedUploadSummary, paused: boolean): UploadItem {
    const item = new UploadItem(entry.assetName, `entry:${entry.id}`, entry.filePath);
    item.entry = entry;
    item.contextValue = paused ? 'upload paused' : 'upload interrupted';
    item.iconPath = new vscode.ThemeIcon(paused ? 'debug-pause' : 'warning');
    const percent = entry.totalBytes ? Math.floor((entry.bytesDone / entry.totalBytes) * 100) : 0;
    const ago = timeAgo(entry.updatedAt) ?? '';
    item.description = paused ? vscode.l10n.t('paused at {0}% · {1}', percent, ago) : vscode.l10n.t('interrupted at {0}% · {1}', percent, ago);
    const [done, total] = [byteSize(entry.bytesDone), byteSize(entry.totalBytes)];
    item.tooltip = tooltip(entry.assetName, entry.filePath, [
      paused ? vscode.l10n.t('Paused at {0} of {1}; Resume continues from there.', done, total) : vscode.l10n.t('Interrupted at {0} of {1}; Resume continues from there.', done, total),
      vscode.l10n.t('Asset ID: `{0}`', entry.assetId),
      entry.playbackId ? vscode.l10n.t('Playback ID: `{0}`', entry.playbackId) : vscode.l10n.t('Playback ID: —'),
      vscode.l10n.t('Started: {0}', dateTime(entry.startedAt)),
    ]);
    return item;
  }

  /** `undecided`: a cancelled upload whose asset is being asked about (kept or deleted). */
  static finishedUpload(record: FinishedUpload, undecided = false): UploadItem {
    const item = new UploadItem(record.name, `done:${record.id}`, record.filePath);
    item.finished = record;
    const ids = [
      record.assetId ? vscode.l10n.t('Asset ID: `{0}`', record.assetId) : vscode.l10n.t('Asset ID: —'),
      record.playbackId ? vscode.l10n.t('Playback ID: `{0}`', record.playbackId) : vscode.l10n.t('Playback ID: —'),
    ];
    const ago = timeAgo(record.finishedAt) ?? '';
    const { result } = record;
    if (record.assetDeleted) {
      item.contextValue = 'upload deleted';
      item.iconPath = new vscode.ThemeIcon('trash');
      item.description = vscode.l10n.t('asset deleted · {0}', ago);
      const deleted = result ? vscode.l10n.t('Its asset was deleted: Remove forgets this row.') : vscode.l10n.t('Its asset was deleted (it had no video): Remove forgets this row.');
      item.tooltip = tooltip(record.name, record.filePath, [deleted, ...ids]);
      return item;
    }
    if (record.cancelled && undecided) {
      // No Delete Asset or Remove while the question is open: its answer decides.
      item.contextValue = 'upload deciding';
      item.iconPath = new vscode.ThemeIcon('question');
      item.description = vscode.l10n.t('cancelled · keep or delete its asset?');
      item.tooltip = tooltip(record.name, record.filePath, [vscode.l10n.t('Upload cancelled: its asset has no video. Keep or delete it? (asked in a dialog)'), ...ids]);
      return item;
    }
    if (record.cancelled) {
      item.contextValue = 'upload cancelled';
      item.iconPath = new vscode.ThemeIcon('circle-slash');
      item.description = vscode.l10n.t('cancelled · asset kept · {0}', ago);
      item.tooltip = tooltip(record.name, record.filePath, [
        vscode.l10n.t('Upload cancelled: its asset was kept and has no video (it stays “uploading”). Delete Asset deletes it; Remove forgets this row and keeps it.'),
        ...ids,
      ]);
      return item;
    }
    if (!result) {
      item.contextValue = 'upload failed';
      item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
      item.description = vscode.l10n.t('upload failed · {0}', ago);
      item.tooltip = tooltip(record.name, record.filePath, [
        vscode.l10n.t('Upload failed: {0}', md(record.error ?? vscode.l10n.t('no reason given'))),
        record.assetId ? vscode.l10n.t('Its asset has no video: Retry replaces it, Remove can delete it.') : vscode.l10n.t('No asset was created.'),
        ...ids,
      ]);
      return item;
    }
    const status = record.assetStatus;
    const phase = status?.phase ?? 'uploaded';
    item.contextValue = 'upload done';
    item.iconPath =
      phase === 'ready'
        ? new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'))
        : phase === 'failed'
          ? new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'))
          : new vscode.ThemeIcon('loading~spin');
    const assetWords =
      phase === 'failed'
        ? vscode.l10n.t('failed: {0}', status?.errorMessage ? serviceText(status.errorMessage, SERVICE_TEXT_CHARS.line) : vscode.l10n.t('processing failed'))
        : status?.progress !== undefined && phase === 'processing'
          ? vscode.l10n.t('processing {0}%', Math.round(status.progress * 100))
          : phaseWords(phase);
    item.description = assetWords;
    item.tooltip = tooltip(record.name, record.filePath, [
      vscode.l10n.t('Asset: {0}', md(assetWords)),
      ...ids,
      uploadedLine(record.finishedAt, result),
    ]);
    return item;
  }

  private constructor(
    label: string,
    id: string,
    readonly filePath: string,
  ) {
    super(shortName(label), vscode.TreeItemCollapsibleState.None);
    this.id = id;
  }

  get assetId(): string | undefined {
    return this.entry?.assetId ?? this.finished?.assetId ?? this.upload?.assetId;
  }

  get playbackId(): string | undefined {
    return this.entry?.playbackId ?? this.finished?.playbackId;
  }
}

/** "Uploaded <when>: 12 MB resumable, resumed, 4 s". */
function uploadedLine(at: number, result: NonNullable<FinishedUpload['result']>): string {
  const [when, size, took] = [dateTime(at), byteSize(result.bytes), duration(result.transferMs)];
  if (result.method === 'tus') {
    return result.resumed ? vscode.l10n.t('Uploaded {0}: {1} resumable, resumed, {2}', when, size, took) : vscode.l10n.t('Uploaded {0}: {1} resumable, {2}', when, size, took);
  }
  return result.resumed ? vscode.l10n.t('Uploaded {0}: {1} direct, resumed, {2}', when, size, took) : vscode.l10n.t('Uploaded {0}: {1} direct, {2}', when, size, took);
}

/** The asset name in bold, then the lines, then the file (each said once). */
function tooltip(name: string, filePath: string, lines: string[]): vscode.MarkdownString {
  return new vscode.MarkdownString([`**${md(name)}**`, '', ...lines, vscode.l10n.t('File: {0}', md(filePath))].join('  \n'));
}

/**
 * Running uploads, the queue, stopped ones (they outlive the window), then the finished ones of the
 * last days. A row keeps its object while its id stays listed, and a change that keeps the rows
 * (progress, a new state of the asset) refreshes only the rows that changed: refreshing the whole
 * tree makes VS Code forget every row until it has asked for them again, and an inline button
 * pressed meanwhile reaches its command without the row (several times a second while uploading).
 */
export class UploadsView extends Disposable implements vscode.TreeDataProvider<UploadItem> {
  private readonly changed = this.register(new vscode.EventEmitter<UploadItem | UploadItem[] | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  /** The rows last given to the tree, in order. */
  private rows: UploadItem[] = [];
  private update: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly manager: UploadQueue,
    /** The name of the profile an upload belongs to, shown on its row. */
    private readonly profileName: (account: string | undefined) => string | undefined = () => undefined,
  ) {
    super();
    this.register(manager.onDidChange(() => this.refresh()));
    this.register(manager.onDidProgress(() => this.refresh()));
  }

  /** Shows the manager's state: the rows that changed, or the whole tree when rows came or went. */
  refresh(): void {
    if (this.update) {
      this.again = true;
      return;
    }
    this.update = this.applyChanges().finally(() => {
      this.update = undefined;
      if (this.again) {
        this.again = false;
        this.refresh();
      }
    });
  }

  private async applyChanges(): Promise<void> {
    const fresh = await this.build();
    const same = fresh.length === this.rows.length && fresh.every((row, i) => row.id === this.rows[i].id);
    if (!same) {
      this.changed.fire(undefined);
      return;
    }
    const changed = this.rows.filter((row, i) => looks(row) !== looks(fresh[i]));
    this.rows.forEach((row, i) => Object.assign(row, fresh[i]));
    if (changed.length) this.changed.fire(changed);
  }

  getTreeItem(item: UploadItem): UploadItem {
    return item;
  }

  getParent(): undefined {
    return undefined;
  }

  async getChildren(item?: UploadItem): Promise<UploadItem[]> {
    if (item) return [];
    const fresh = await this.build();
    // The rows that stay keep their objects, updated: the tree and its commands hold on to them.
    const kept = new Map(this.rows.map((row) => [row.id, row]));
    this.rows = fresh.map((row) => {
      const old = kept.get(row.id);
      return old ? Object.assign(old, row) : row;
    });
    return this.rows;
  }

  private async build(): Promise<UploadItem[]> {
    const stored = await this.manager.interrupted();
    // Every row names its upload's profile, in the row and its tooltip (finished ones too: their commands act for it).
    const owned = (item: UploadItem, account: string | undefined): UploadItem => {
      const name = this.profileName(account);
      if (!name) return item;
      item.description = `${item.description ?? ''} · ${name}`;
      if (item.tooltip instanceof vscode.MarkdownString) item.tooltip.appendMarkdown(`  \n${vscode.l10n.t('Profile: {0}', md(name))}`);
      return item;
    };
    return [
      ...this.manager.runningUploads.map((upload) => owned(UploadItem.running(upload), upload.account)),
      ...this.manager.queuedUploads.map((upload) => owned(UploadItem.queued(upload), upload.account)),
      ...this.manager.heldUploads.map((upload) => owned(UploadItem.held(upload), upload.account)),
      ...stored.map((entry) => owned(UploadItem.stored(entry, this.manager.isPaused(entry)), entry.account)),
      ...this.manager.finishedUploads.map((record) => owned(UploadItem.finishedUpload(record, this.manager.history.isUndecided(record)), record.account)),
    ];
  }
}

/** What a row shows, to tell whether it changed. */
function looks(row: UploadItem): string {
  const tooltip = row.tooltip instanceof vscode.MarkdownString ? row.tooltip.value : row.tooltip;
  const icon = row.iconPath instanceof vscode.ThemeIcon ? row.iconPath.id : '';
  return JSON.stringify([row.label, row.description, row.contextValue, tooltip, icon]);
}
