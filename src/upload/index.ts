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
export { listInterruptedUploads, discardUpload } from './uploadRegistry';
export { InMemoryStore, type KeyValueStore } from './keyValueStore';
export { JsonFileStore } from './jsonFileStore';
export { UPLOADS_STORAGE_KEY, type InterruptedUpload, type InterruptedUploadSummary } from './interruptedUpload';
export type { UploadProgress, ProgressListener } from './progress';
export { DEFAULT_RETRY_DELAYS_MS } from './tus';
export { EstimateGate } from './estimate';
export { terminateTusUpload } from './abandon';
export { UploadQueue, type UploadEnd } from './queue';
export { Upload, type NewUploadRequest, type UploadOutcome } from './queuedUpload';
export { FinishedUploads, type FinishedUpload } from './finishedUploads';
export type { Leftover } from './unfinishedAsset';
export type { Event, Subscription } from './emitter';
export type { Logger } from './logger';
