export { StudioClient, streamQueryParams } from './studioClient';
export { StudioApiError, type StudioErrorKind } from './errors';
export { parseBaseUrl, isLoopbackHost } from './baseUrl';
export type { ApiCallRecord, StudioHttpOptions } from './http';
export type { Page } from './pagination';
export type * from './types';
export { redact, urlToken } from './redact';
export { apiTokenProblem } from './apiToken';
export { ingestAddresses, studioStreamUrl } from './ingest';
