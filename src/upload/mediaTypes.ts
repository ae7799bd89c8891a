import * as path from 'node:path';

/**
 * Video file extensions (lower case, no dot) and the media type each is uploaded with. The VS Code
 * layer's menu `when` clauses list OFFERED_VIDEO_EXTENSIONS (a unit test checks), so this table is the single
 * place that decides what counts as a video file.
 */
export const VIDEO_MEDIA_TYPES: Readonly<Record<string, string>> = Object.freeze({
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  mov: 'video/quicktime',
  qt: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  ts: 'video/mp2t',
  m2ts: 'video/mp2t',
  mts: 'video/mp2t',
  mpeg: 'video/mpeg',
  mpg: 'video/mpeg',
  flv: 'video/x-flv',
  '3gp': 'video/3gpp',
  '3g2': 'video/3gpp2',
  ogv: 'video/ogg',
  wmv: 'video/x-ms-wmv',
  asf: 'video/x-ms-asf',
});

/** The extensions above, sorted, for `resourceExtname in …` style checks. */
export const VIDEO_EXTENSIONS: readonly string[] = Object.freeze(Object.keys(VIDEO_MEDIA_TYPES).sort());

/** Media type sent with the file: from its extension; anything unknown goes as opaque bytes. */
export function mediaTypeOf(filePath: string): string {
  const ext = extensionOf(filePath);
  return Object.hasOwn(VIDEO_MEDIA_TYPES, ext) ? VIDEO_MEDIA_TYPES[ext] : 'application/octet-stream';
}

/** True when the file name carries one of VIDEO_EXTENSIONS. */
export function isVideoFile(filePath: string): boolean {
  return Object.hasOwn(VIDEO_MEDIA_TYPES, extensionOf(filePath));
}

function extensionOf(filePath: string): string {
  return path.extname(filePath).slice(1).toLowerCase();
}

/**
 * Extensions the engine uploads but that in a code workspace are nearly always TypeScript sources
 * (`.ts`, `.mts`). Menus and the workspace picker leave them out, so "Upload to Livepeer" is not
 * offered on every source file; an MPEG-TS file can still be chosen with Browse… or passed to the command.
 */
const SOURCE_CODE_CLASHES = new Set(['ts', 'mts']);

/** Extensions (no dot) that menus and the workspace picker offer; package.json's menu `when` clauses list exactly these. */
export const OFFERED_VIDEO_EXTENSIONS: readonly string[] = Object.freeze(VIDEO_EXTENSIONS.filter((ext) => !SOURCE_CODE_CLASHES.has(ext)));
