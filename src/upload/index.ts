/** The upload engine: plain Node (no vscode import), used by the VS Code layer and the tests. */
export { OFFERED_VIDEO_EXTENSIONS, VIDEO_EXTENSIONS, VIDEO_MEDIA_TYPES, mediaTypeOf, isVideoFile } from './mediaTypes';
export {
  uploadVideo,
  resumeUpload,
  chooseMethod,
  DEFAULT_CHUNK_SIZE_MIB,
  AUTO_TUS_THRESHOLD_BYTES,
  TUS_PART_MIB,
  chunkBytes,
  type IssuedUpload,
  type UploadVideoOptions,
  type ResumeUploadOptions,
  type UploadResult,
  type UploadMethodChoice,
  type UploadRequester,
} from './uploadVideo';
export { listInterruptedUploads, discardUpload } from './store/registry';
export { InMemoryStore, type KeyValueStore } from './store/keyValueStore';
export { JsonFileStore } from './store/jsonFileStore';
export { UPLOADS_STORAGE_KEY, type InterruptedUpload, type InterruptedUploadSummary } from './store/interrupted';
export type { UploadProgress, ProgressListener } from './progress';
export { DEFAULT_RETRY_DELAYS_MS } from './tus/transfer';
export { EstimateGate } from './estimate';
export { terminateTusUpload } from './tus/abandon';
export { UploadQueue, type UploadEnd } from './queue/uploadQueue';
export { Upload, type NewUploadRequest, type UploadOutcome } from './queue/queuedUpload';
export { FinishedUploads, type FinishedUpload } from './store/finished';
export type { Leftover } from './unfinishedAsset';
export type { Event, Subscription } from './emitter';
export type { Logger } from './logger';
