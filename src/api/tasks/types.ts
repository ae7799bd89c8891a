// Shapes of the task answers (studio-api.md, "Tasks, imports…"): everything the service does with a
// video after an upload, an import or a clip is a task.

export type TaskPhase = 'pending' | 'waiting' | 'running' | 'completed' | 'failed' | 'cancelled' | string;

export interface TaskStatus {
  phase: TaskPhase;
  updatedAt?: number;
  retries?: number;
  /** 0–1 while running. */
  progress?: number;
  errorMessage?: string;
}

export interface Task {
  id: string;
  /** `upload` (also an import: its params carry the URL), `clip`, `export`, `export-data`, `transcode-file`. */
  type: string;
  status?: TaskStatus;
  params?: Record<string, Record<string, unknown> | undefined>;
  createdAt?: number;
  scheduledAt?: number;
  inputAssetId?: string;
  outputAssetId?: string;
  requesterId?: string;
  output?: Record<string, unknown>;
  projectId?: string;
}

/** What a task does, in the words people use: an `upload` task with a source URL is an import. */
export type TaskKind = 'upload' | 'import' | 'clip' | 'transcode' | 'export' | 'other';

/**
 * Filters of the task list. The service filters only on some fields (an id such as `status.phase`
 * is a 400, `?phase=` is ignored): the asset is filtered by the service, phase and kind here.
 */
export interface TaskQuery {
  /** Tasks that make or read this asset. */
  assetId?: string;
  phase?: TaskPhase;
  kind?: TaskKind;
}
