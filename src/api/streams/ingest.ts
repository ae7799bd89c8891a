import type { IngestPoint } from './types';

/** The hosted service's RTMP base, for when GET /ingest cannot be read. */
const HOSTED_RTMP_BASE = 'rtmp://rtmp.livepeer.com/live';
const SRT_PORT = 2935;

/**
 * Where a broadcaster sends a stream: RTMP is the ingest base plus the stream key; SRT goes to the
 * same host on its SRT port with the key as `streamid`.
 */
export function ingestAddresses(points: readonly IngestPoint[], streamKey: string): { rtmp: string; srt: string } {
  const base = points.find((point) => /^rtmps?:\/\/[^/]/.test(point.ingest ?? ''))?.ingest ?? HOSTED_RTMP_BASE;
  const host = new URL(base).host.replace(/:\d+$/, '');
  return { rtmp: `${base.replace(/\/+$/, '')}/${streamKey}`, srt: `srt://${host}:${SRT_PORT}?streamid=${streamKey}` };
}
