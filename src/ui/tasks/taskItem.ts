import * as vscode from 'vscode';
import { taskEtaMinutes, taskKind, type Task } from '../../api';
import { COMMANDS } from '../common/commandIds';
import type { TooltipOnHover } from '../common/tooltipOnHover';
import { SERVICE_TEXT_CHARS, dateTime, md, serviceText, shortName, timeAgo } from '../common/format';

const PHASE_ICONS: Record<string, vscode.ThemeIcon> = {
  pending: new vscode.ThemeIcon('cloud-upload'),
  waiting: new vscode.ThemeIcon('watch'),
  running: new vscode.ThemeIcon('loading~spin'),
  completed: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  failed: new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground')),
  cancelled: new vscode.ThemeIcon('circle-slash'),
};

/** "running 40 % · about 3 min left", "failed: <error>", "completed · 2 minutes ago". */
export function taskDescription(task: Task): string {
  const status = task.status;
  const phase = status?.phase ?? 'unknown';
  const parts = [phase === 'running' && status?.progress !== undefined ? `running ${Math.round(status.progress * 100)} %` : phase];
  const eta = phase === 'running' ? taskEtaMinutes(task) : undefined;
  if (eta) parts.push(`about ${eta} min left`);
  if (status?.retries) parts.push(`attempt ${status.retries + 1}`);
  if (phase === 'failed' && status?.errorMessage) return `${parts.join(' · ')}: ${serviceText(status.errorMessage, SERVICE_TEXT_CHARS.line)}`;
  parts.push(timeAgo(status?.updatedAt ?? task.createdAt) ?? '');
  return parts.filter(Boolean).join(' · ');
}

/** A row of the Tasks view: what the task does and to which asset; click reveals the asset. */
export class TaskItem extends vscode.TreeItem implements TooltipOnHover {
  constructor(
    readonly task: Task,
    assetName: string | undefined,
  ) {
    const kind = taskKind(task);
    super(`${kind} · ${shortName(assetName ?? task.outputAssetId ?? task.id)}`, vscode.TreeItemCollapsibleState.None);
    const phase = task.status?.phase ?? 'unknown';
    this.id = `${task.id}:${phase}:${task.status?.updatedAt ?? ''}`;
    this.description = taskDescription(task);
    this.iconPath = PHASE_ICONS[phase] ?? new vscode.ThemeIcon('circle-outline');
    // A completed task's output asset is ready: Play fetches its playback id when clicked.
    this.contextValue = `task ${phase} ${kind}${phase === 'completed' && task.outputAssetId ? ' playable' : ''}`;
    if (task.outputAssetId) this.command = { command: COMMANDS.assets.reveal, title: vscode.l10n.t('Show Asset'), arguments: [task.outputAssetId] };
  }

  hoverTooltip(): vscode.MarkdownString {
    const { task } = this;
    return new vscode.MarkdownString(
      [
        `**${md(taskKind(task))}** — ${md(taskDescription(task))}`,
        '',
        `Task ID: \`${task.id}\``,
        `Asset: ${task.outputAssetId ? `\`${task.outputAssetId}\`` : '—'}`,
        `Created: ${dateTime(task.createdAt)}`,
        `Last change: ${dateTime(task.status?.updatedAt)}`,
        ...(task.status?.errorMessage ? [`Error: ${md(serviceText(task.status.errorMessage, SERVICE_TEXT_CHARS.tooltip))}`] : []),
      ].join('  \n'),
    );
  }
}
