import type { AssetTrack } from '../api/assets/types';
import { mp4DurationSeconds } from './mp4Duration';
import type { EmulatorAsset, StoreEvent } from './records';
import type { Scheduler } from './scheduler';
import type { TaskBoard } from './tasks';

// What happens to an asset after its bytes arrive: processing steps, then ready with what probing
// found. The Store runs it on itself; it is handed in as the little the pipeline touches.

/** The part of the Store the pipeline moves: its assets, their tasks and uploads, its events. */
export interface PipelineStore {
  readonly assets: ReadonlyMap<string, EmulatorAsset>;
  readonly tasks: TaskBoard;
  readonly uploadedFiles: ReadonlyMap<string, string>;
  emit(change: StoreEvent): void;
  failAsset(assetId: string, errorMessage?: string): void;
}

/** Progress values the processing phase reports before the asset is ready. */
const PROGRESS_STEPS = [0.2, 0.7];
const VIDEO_BITRATE = 2_000_000;
const AUDIO_BITRATE = 128_000;

/** The latest pipeline run of each asset: an earlier one stops moving it. */
const runs = new WeakMap<EmulatorAsset, number>();

/**
 * The processing pipeline after an upload, an import or a clip: waiting → processing (progress 0.2,
 * then 0.7, one step per `stepMs`) → ready with its videoSpec, and the asset's task along with it
 * (running with the same progress → completed). An injected task fault fails it at its progress or
 * stalls it there. Stops when the asset is failed or deleted meanwhile, or when a later run (store.process)
 * takes the asset over: one pipeline moves an asset at a time.
 */
export function processAsset(store: PipelineStore, scheduler: Scheduler, asset: EmulatorAsset, stepMs: number): void {
  const run = (runs.get(asset) ?? 0) + 1;
  runs.set(asset, run);
  const stillProcessing = () => store.assets.get(asset.id) === asset && asset.status.phase !== 'failed' && runs.get(asset) === run;
  const task = store.tasks.ofAsset(asset.id);
  const fault = task && store.tasks.takeFault(task.type);
  const step = (index: number): void => {
    if (!stillProcessing()) return;
    const planned = PROGRESS_STEPS[index];
    const limit = Math.min(fault?.failAt ?? 2, fault?.stallAt ?? 2);
    const progress = planned === undefined ? (limit <= 1 ? limit : undefined) : Math.min(planned, limit);
    if (progress === undefined) {
      probe(asset, store.uploadedFiles.get(asset.id));
      asset.status = { phase: 'ready', updatedAt: Date.now() };
      if (task) store.tasks.update(task, { phase: 'completed', progress: 1, retries: task.status.retries ?? 0 }, { upload: { assetSpec: { size: asset.size, videoSpec: asset.videoSpec } } });
      store.emit({ event: 'asset.ready', asset });
      return;
    }
    asset.status = { phase: 'processing', updatedAt: Date.now(), progress };
    if (task) store.tasks.update(task, { phase: 'running', progress, retries: task.status.retries ?? 0 });
    store.emit({ event: 'asset.updated', asset });
    if (progress === fault?.failAt) store.failAsset(asset.id, fault.errorMessage);
    // A stalled task stays where it is: nothing moves it on.
    else if (progress !== fault?.stallAt) scheduler.after(stepMs, () => step(index + 1));
  };
  scheduler.after(stepMs, () => step(0));
}

/**
 * Fills in what probing the upload reports: size and videoSpec (format, duration, tracks). The
 * duration is the uploaded file's own (its MP4 header) when it has one; otherwise (random test
 * bytes, no file) what its size would last at the emulator's bitrate.
 */
export function probe(asset: EmulatorAsset, file?: string): void {
  const size = asset.size ?? 5_000_000;
  const fromFile = file === undefined ? undefined : mp4DurationSeconds(file);
  const duration = fromFile !== undefined ? Math.round(fromFile * 1000) / 1000 : Math.max(1, Math.round(((size * 8) / (VIDEO_BITRATE + AUDIO_BITRATE)) * 100) / 100);
  const tracks: AssetTrack[] = [
    { type: 'video', codec: 'h264', width: 1280, height: 720, fps: 30, bitrate: VIDEO_BITRATE, pixelFormat: 'yuv420p', duration },
    { type: 'audio', codec: 'aac', bitrate: AUDIO_BITRATE, sampleRate: 48_000, channels: 2, duration },
  ];
  asset.size = size;
  asset.videoSpec = { format: 'mp4', duration, bitrate: VIDEO_BITRATE + AUDIO_BITRATE, tracks };
}
