import * as vscode from 'vscode';
import type { MultistreamTarget, Stream, StreamTargetRef } from '../../api';
import { multistreamStatus, type StreamPushes } from '../../operations/multistreamStatus';
import { dateTime, md, shownName, timeAgo } from '../common/format';
import { MessageItem, loadErrorItem } from '../common/messageItem';
import { COMMANDS } from '../common/commandIds';
import type { TooltipOnHover } from '../common/tooltipOnHover';
import type { MultistreamDeps } from './targetDeps';
import { hostOf, listTargets } from './targetDirectory';

/** Whose targets these are: a profile names a project, but targets belong to the user. */
export const OWNER_NOTE = vscode.l10n.t('Multistream targets belong to your Livepeer user, not to the project of this profile: every project of the account shares them.');

/** What the row says of the push's live status, from the webhook log (see multistreamStatus). */
function pushWords(pushes: StreamPushes | undefined, targetId: string): { short?: string; note: string; failed: boolean } {
  if (!pushes?.reporters.length) {
    return { note: vscode.l10n.t('Live status: nothing reports it. The service tells it only as multistream.connected / error / disconnected webhook events: subscribe a webhook to them to see it here.'), failed: false };
  }
  const status = pushes.byTarget.get(targetId);
  const from = pushes.reporters.join(', ');
  if (!status) return { note: vscode.l10n.t('Live status: no multistream event about this target yet (reported by webhook {0}).', from), failed: false };
  const short =
    status.event === 'multistream.connected' ? vscode.l10n.t('connected') : status.event === 'multistream.error' ? vscode.l10n.t('push failed') : vscode.l10n.t('disconnected');
  return { short, note: vscode.l10n.t('Live status: {0} {1} ({2}, reported by webhook {3}).', short, timeAgo(status.at) ?? '', status.event, from), failed: status.event === 'multistream.error' };
}

function stateWords(target: MultistreamTarget | undefined): string {
  if (!target) return vscode.l10n.t('deleted');
  return target.disabled ? vscode.l10n.t('off') : vscode.l10n.t('on');
}

function tooltip(lines: Array<string | undefined>): vscode.MarkdownString {
  return new vscode.MarkdownString(lines.filter((line) => line !== undefined).join('  \n'));
}

/** A row of the Multistream Targets view: name, on/off and, when known, the host it pushes to. */
export class TargetItem extends vscode.TreeItem implements TooltipOnHover {
  constructor(
    readonly target: MultistreamTarget,
    private readonly host: string | undefined,
  ) {
    super(shownName(target), vscode.TreeItemCollapsibleState.None);
    this.id = `target/${target.id}`;
    this.description = [stateWords(target), host].filter(Boolean).join(' · ');
    this.iconPath = new vscode.ThemeIcon('radio-tower', target.disabled ? new vscode.ThemeColor('disabledForeground') : undefined);
    this.contextValue = `multistreamTarget ${target.disabled ? 'off' : 'on'}`;
  }

  hoverTooltip(): vscode.MarkdownString {
    const { target, host } = this;
    return tooltip([
      `**${md(shownName(target))}** — ${stateWords(target)}`,
      host ? vscode.l10n.t('Pushes to: {0}', md(host)) : vscode.l10n.t('Pushes to: not known here (the service never returns the URL, which holds the key)'),
      `ID: \`${target.id}\``,
      vscode.l10n.t('Created: {0}', dateTime(target.createdAt)),
      '',
      OWNER_NOTE,
    ]);
  }
}

/** A target on a stream: its name, host, on/off, the rendition it pushes, video only. */
export class StreamTargetItem extends vscode.TreeItem {
  constructor(
    readonly stream: Stream,
    readonly ref: StreamTargetRef,
    readonly target: MultistreamTarget | undefined,
    host: string | undefined,
    pushes?: StreamPushes,
  ) {
    super(shownName(target ?? ref), vscode.TreeItemCollapsibleState.None);
    this.id = `${stream.id}/target/${ref.id}/${ref.profile}`;
    const video = ref.videoOnly ? vscode.l10n.t('video only') : undefined;
    const push = pushWords(pushes, ref.id);
    this.description = [stateWords(target), push.short, host, ref.profile, video].filter(Boolean).join(' · ');
    const color = !target ? 'charts.yellow' : push.failed ? 'errorForeground' : target.disabled ? 'disabledForeground' : undefined;
    this.iconPath = new vscode.ThemeIcon(target ? 'radio-tower' : 'warning', color ? new vscode.ThemeColor(color) : undefined);
    this.contextValue = target ? `streamTarget ${target.disabled ? 'off' : 'on'}` : 'streamTarget dangling';
    this.tooltip = tooltip([
      `**${md(shownName(target ?? ref))}** — ${stateWords(target)}`,
      target ? undefined : vscode.l10n.t('This target was deleted but the stream still names it: the service refuses the stream\'s next multistream change until it is removed (Remove from Stream).'),
      ref.videoOnly ? vscode.l10n.t('Rendition: {0}, video only', ref.profile) : vscode.l10n.t('Rendition: {0}', ref.profile),
      host ? vscode.l10n.t('Pushes to: {0}', md(host)) : undefined,
      `ID: \`${ref.id}\``,
      '',
      push.note,
    ]);
  }
}

/** A target's row in the Multistream Targets view, with the host remembered for it. */
export function targetRow(state: vscode.Memento, target: MultistreamTarget): TargetItem {
  return new TargetItem(target, hostOf(state, target.id));
}

/** The Multistream Targets view's row when the account has none: a click creates one. */
export function noTargetsRow(): MessageItem {
  return new MessageItem(vscode.l10n.t('No multistream targets yet'), 'info', { command: COMMANDS.multistream.create, title: vscode.l10n.t('Create Target…') }, OWNER_NOTE);
}

/** The rows of a stream's targets (under the stream, before its sessions). */
export async function streamTargetRows(deps: MultistreamDeps, stream: Stream): Promise<vscode.TreeItem[]> {
  const refs = stream.multistream?.targets ?? [];
  if (!refs.length) return [];
  try {
    const client = deps.session.client();
    const targets = new Map((await listTargets(client)).map((target) => [target.id, target]));
    // A log that cannot be read leaves the status unknown; the targets still show.
    const pushes = await multistreamStatus(client, stream.id).catch(() => undefined);
    return refs.map((ref) => new StreamTargetItem(stream, ref, targets.get(ref.id), hostOf(deps.state, ref.id), pushes));
  } catch (error) {
    return [loadErrorItem(vscode.l10n.t('Could not load multistream targets'), error, COMMANDS.streams.refresh)];
  }
}
