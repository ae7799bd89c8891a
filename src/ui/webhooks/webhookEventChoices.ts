import * as vscode from 'vscode';
// From its own module, not the api index: this file is bundled apart (esbuild.mjs) and takes only the list.
import { WEBHOOK_EVENTS, type WebhookEventName } from '../../api/webhooks/types';

/** One line per event, as the picker says it. */
const EVENT_DESCRIPTIONS: Record<WebhookEventName, string> = {
  'stream.started': vscode.l10n.t('a stream went live'),
  'stream.detection': vscode.l10n.t('scene classification detected content in a stream'),
  'stream.idle': vscode.l10n.t('a live stream stopped'),
  'recording.ready': vscode.l10n.t('a session recording can be played and downloaded'),
  'recording.started': vscode.l10n.t('a session recording started'),
  'recording.waiting': vscode.l10n.t('a session ended; its recording is being prepared'),
  'multistream.connected': vscode.l10n.t('a multistream target connected'),
  'multistream.error': vscode.l10n.t('a multistream target failed'),
  'multistream.disconnected': vscode.l10n.t('a multistream target disconnected'),
  'playback.user.new': vscode.l10n.t('a new viewer started watching'),
  'playback.accessControl': vscode.l10n.t('the access-control gate asks whether a viewer may watch'),
  'asset.created': vscode.l10n.t('an asset was created (an upload started)'),
  'asset.updated': vscode.l10n.t('an asset changed'),
  'asset.failed': vscode.l10n.t('an asset failed to process'),
  'asset.ready': vscode.l10n.t('an asset is ready to play'),
  'asset.deleted': vscode.l10n.t('an asset was deleted'),
  'task.spawned': vscode.l10n.t('a task (upload, import, export…) was created'),
  'task.updated': vscode.l10n.t('a task made progress'),
  'task.completed': vscode.l10n.t('a task finished'),
  'task.failed': vscode.l10n.t('a task failed'),
};

const GROUPS: Array<{ label: string; prefix: string }> = [
  { label: vscode.l10n.t('Stream'), prefix: 'stream.' },
  { label: vscode.l10n.t('Recording'), prefix: 'recording.' },
  { label: vscode.l10n.t('Asset'), prefix: 'asset.' },
  { label: vscode.l10n.t('Task'), prefix: 'task.' },
  { label: vscode.l10n.t('Playback'), prefix: 'playback.' },
  { label: vscode.l10n.t('Multistream'), prefix: 'multistream.' },
];

export type EventChoice = vscode.QuickPickItem & { event?: WebhookEventName };

/** The events grouped under separators (stream, recording, asset, task, playback, multistream), `picked` pre-selected. */
export function eventChoices(picked: readonly string[] = [], only?: readonly string[]): EventChoice[] {
  return GROUPS.flatMap(({ label, prefix }) => {
    const events = WEBHOOK_EVENTS.filter((event) => event.startsWith(prefix) && (!only || only.includes(event)));
    if (!events.length) return [];
    return [
      { label, kind: vscode.QuickPickItemKind.Separator },
      ...events.map((event) => ({ label: event, description: EVENT_DESCRIPTIONS[event], picked: picked.includes(event), event })),
    ];
  });
}
