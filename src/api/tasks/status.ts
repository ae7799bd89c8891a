import type { Task, TaskKind } from './types';

/** The kind of a task as people name it: the service calls an import an `upload` whose params carry the URL. */
export function taskKind(task: Pick<Task, 'type' | 'params'>): TaskKind {
  switch (task.type) {
    case 'upload':
      return typeof task.params?.upload?.url === 'string' ? 'import' : 'upload';
    case 'clip':
      return 'clip';
    case 'transcode-file':
      return 'transcode';
    case 'export':
    case 'export-data':
      return 'export';
    default:
      return 'other';
  }
}

/** Whether the task may still change: the service (or its runner) has not ended it. */
export function isTaskActive(task: Pick<Task, 'status'>): boolean {
  const phase = task.status?.phase;
  return phase === 'pending' || phase === 'waiting' || phase === 'running';
}

/** Minutes left at the rate the task ran so far (from when it was scheduled); undefined before it moved. */
export function taskEtaMinutes(task: Pick<Task, 'status' | 'scheduledAt' | 'createdAt'>): number | undefined {
  const progress = task.status?.progress;
  const started = task.scheduledAt ?? task.createdAt;
  const at = task.status?.updatedAt;
  if (!progress || progress >= 1 || !started || !at || at <= started) return undefined;
  return Math.ceil(((at - started) * (1 - progress)) / progress / 60_000);
}
