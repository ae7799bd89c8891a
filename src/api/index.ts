export { StudioClient, streamQueryParams } from './studioClient';
export { StudioApiError, type StudioErrorKind } from './errors';
export { parseBaseUrl, isLoopbackHost } from './baseUrl';
export type { ApiCallRecord, StudioHttpOptions } from './http';
export type { Page } from './pagination';
export type * from './types';
export * from './playbackToken';
