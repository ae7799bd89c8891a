import * as vscode from 'vscode';
import type { Asset, AssetTrack, PlaybackPolicy, TotalViews } from '../../api';
import { SERVICE_TEXT_CHARS, byteSize, dateTime, md, phaseOf, phaseText, rowDuration, serviceText, shortName, shownName, timeAgo } from './format';
import type { PlaybackTarget } from './playbackTarget';

const PHASE_ICONS: Record<string, vscode.ThemeIcon> = {
  uploading: new vscode.ThemeIcon('cloud-upload'),
  waiting: new vscode.ThemeIcon('watch'),
  processing: new vscode.ThemeIcon('loading~spin'),
  ready: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  failed: new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground')),
};

/** "1:02:03" or "2:03". */
function durationText(seconds: number | undefined): string | undefined {
  if (seconds === undefined || !Number.isFinite(seconds)) return undefined;
  const total = Math.round(seconds);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

function videoTrack(asset: Asset): AssetTrack | undefined {
  return asset.videoSpec?.tracks?.find((track) => track.type === 'video');
}

function resolution(track: AssetTrack | undefined): string | undefined {
  return track?.width && track.height ? `${track.width}×${track.height}` : undefined;
}

/** "720p": the row's short form (the smaller side, so portrait video reads the same); the tooltip has width × height. */
function shortResolution(track: AssetTrack | undefined): string | undefined {
  return track?.width && track.height ? `${Math.min(track.width, track.height)}p` : undefined;
}

function bitrate(bits: number | undefined): string | undefined {
  if (!bits) return undefined;
  return bits >= 1_000_000 ? `${(bits / 1_000_000).toFixed(1)} Mbit/s` : `${Math.round(bits / 1000)} kbit/s`;
}

function trackText(track: AssetTrack): string {
  const parts =
    track.type === 'video'
      ? [track.codec, resolution(track), track.fps ? `${Math.round(track.fps * 100) / 100} fps` : undefined, bitrate(track.bitrate)]
      : [track.codec, track.sampleRate ? `${track.sampleRate / 1000} kHz` : undefined, track.channels ? `${track.channels} ch` : undefined, bitrate(track.bitrate)];
  return parts.filter(Boolean).join(' · ') || '—';
}

function policyText(policy: PlaybackPolicy | null | undefined): string {
  if (!policy || policy.type === 'public') return vscode.l10n.t('public');
  return policy.type === 'jwt' ? vscode.l10n.t('signed (JWT)') : policy.type;
}

/** The tooltip: identity, phase and its time, format, tracks, size, policy, failure, and the thumbnail and views once known. */
export function assetTooltip(asset: Asset, thumbnail?: string, views?: TotalViews, task?: string): vscode.MarkdownString {
  const status = asset.status;
  const spec = asset.videoSpec;
  const tracks = spec?.tracks ?? [];
  const lines = [
    `**${md(shownName(asset))}** — ${md(phaseText(asset))}`,
    '',
    ...(thumbnail ? [vscode.l10n.t('![Thumbnail]({0})', thumbnail), ''] : []),
    vscode.l10n.t('ID: `{0}`', asset.id),
    asset.playbackId ? vscode.l10n.t('Playback ID: `{0}`', asset.playbackId) : vscode.l10n.t('Playback ID: —'),
    vscode.l10n.t('Phase: {0} since {1}', md(phaseText(asset)), dateTime(status?.updatedAt)),
    ...(task ? [vscode.l10n.t('Task: {0}', md(task))] : []),
    ...(phaseOf(asset) === 'failed' ? [vscode.l10n.t('Failure: {0}', md(status?.errorMessage ? serviceText(status.errorMessage, SERVICE_TEXT_CHARS.tooltip) : vscode.l10n.t('no message from the service')))] : []),
    ...(spec
      ? [spec.duration ? vscode.l10n.t('Format: {0}, {1}', md(spec.format ?? '—'), String(durationText(spec.duration))) : vscode.l10n.t('Format: {0}', md(spec.format ?? '—'))]
      : []),
    ...tracks.map((track) =>
      track.type === 'video'
        ? vscode.l10n.t('Video: {0}', md(trackText(track)))
        : track.type === 'audio'
          ? vscode.l10n.t('Audio: {0}', md(trackText(track)))
          : `${md(track.type)}: ${md(trackText(track))}`,
    ),
    asset.size ? vscode.l10n.t('Size: {0}', byteSize(asset.size)) : vscode.l10n.t('Size: —'),
    vscode.l10n.t('Created: {0}', dateTime(asset.createdAt)),
    vscode.l10n.t('Playback policy: {0}', policyText(asset.playbackPolicy)),
    ...(views ? [vscode.l10n.t('Views: {0} · watched {1}', views.viewCount, rowDuration(views.playtimeMins * 60) ?? '—')] : []),
  ];
  return new vscode.MarkdownString(lines.join('  \n'));
}

/**
 * A row of the Assets view. `contextValue` is `asset <phase>` plus `signed` when playback needs a
 * token (the keys' Sign Playback Token commands look for that word). The view keeps one per asset
 * and shows new data on it (`show`), so a processing update redraws that row alone.
 */
export class AssetItem extends vscode.TreeItem {
  asset!: Asset;
  playback: PlaybackTarget | undefined;

  constructor(asset: Asset) {
    super(shortName(shownName(asset)), vscode.TreeItemCollapsibleState.None);
    this.id = asset.id;
    this.show(asset);
  }

  show(asset: Asset): void {
    this.asset = asset;
    this.label = shortName(shownName(asset));
    const phase = phaseOf(asset);
    const signed = asset.playbackPolicy?.type === 'jwt';
    this.contextValue = ['asset', phase, signed ? 'signed' : undefined].filter(Boolean).join(' ');
    this.iconPath = PHASE_ICONS[phase] ?? new vscode.ThemeIcon('circle-outline');
    this.playback = asset.playbackId ? { playbackId: asset.playbackId, name: asset.name, policy: asset.playbackPolicy } : undefined;
    this.description = [
      phase === 'ready' ? undefined : phaseText(asset),
      durationText(asset.videoSpec?.duration),
      shortResolution(videoTrack(asset)),
      asset.size ? byteSize(asset.size) : undefined,
      timeAgo(asset.createdAt),
    ]
      .filter(Boolean)
      .join(' · ');
    // A playable asset's tooltip is built on hover (resolveTreeItem), with its thumbnail: VS Code
    // only resolves properties that are left undefined here.
    this.tooltip = this.hasThumbnail || this.hasTask ? undefined : assetTooltip(asset);
  }

  /** A processing (or waiting) asset's tooltip shows its task's progress, read on hover. */
  get hasTask(): boolean {
    return this.asset.status?.phase === 'processing' || this.asset.status?.phase === 'waiting';
  }

  /** Ready assets have a thumbnail in their playback info. */
  get hasThumbnail(): boolean {
    return this.asset.status?.phase === 'ready' && !!this.asset.playbackId;
  }
}
