import * as vscode from 'vscode';
// From its own module, not the api index: this file is bundled apart (esbuild.mjs) and takes only the list.
import { WEBHOOK_EVENTS, type WebhookEventName } from '../../api/webhooks/types';

/** One line per event, as the picker says it. */
const EVENT_DESCRIPTIONS: Record<WebhookEventName, string> = {
  'stream.started': 'a stream went live',
  'stream.detection': 'scene classification detected content in a stream',
  'stream.idle': 'a live stream stopped',
  'recording.ready': 'a session recording can be played and downloaded',
  'recording.started': 'a session recording started',
  'recording.waiting': 'a session ended; its recording is being prepared',
  'multistream.connected': 'a multistream target connected',
  'multistream.error': 'a multistream target failed',
  'multistream.disconnected': 'a multistream target disconnected',
  'playback.user.new': 'a new viewer started watching',
  'playback.accessControl': 'the access-control gate asks whether a viewer may watch',
  'asset.created': 'an asset was created (an upload started)',
  'asset.updated': 'an asset changed',
  'asset.failed': 'an asset failed to process',
  'asset.ready': 'an asset is ready to play',
  'asset.deleted': 'an asset was deleted',
  'task.spawned': 'a task (upload, import, export…) was created',
  'task.updated': 'a task made progress',
  'task.completed': 'a task finished',
  'task.failed': 'a task failed',
};

const GROUPS: Array<{ label: string; prefix: string }> = [
  { label: 'Stream', prefix: 'stream.' },
  { label: 'Recording', prefix: 'recording.' },
  { label: 'Asset', prefix: 'asset.' },
  { label: 'Task', prefix: 'task.' },
  { label: 'Playback', prefix: 'playback.' },
  { label: 'Multistream', prefix: 'multistream.' },
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
