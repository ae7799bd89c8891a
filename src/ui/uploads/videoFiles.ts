import * as path from 'node:path';
import * as vscode from 'vscode';
import { VIDEO_EXTENSIONS, isVideoFile } from '../../upload';

/**
 * Extensions the engine uploads but that in a code workspace are nearly always TypeScript sources
 * (`.ts`, `.mts`). Menus and the workspace picker leave them out, so "Upload Video" is not offered
 * on every source file; an MPEG-TS file can still be chosen with Browse… or passed to the command.
 */
const SOURCE_CODE_CLASHES = new Set(['ts', 'mts']);

/** Extensions (no dot) that menus and the workspace picker offer. */
const OFFERED_EXTENSIONS: readonly string[] = VIDEO_EXTENSIONS.filter((ext) => !SOURCE_CODE_CLASHES.has(ext));

/** Context key holding `.mp4`-style names for the `resourceExtname in livepeer.videoExtensions` menu clauses. */
const VIDEO_EXTENSIONS_CONTEXT_KEY = 'livepeer.videoExtensions';

/** `.mp4`-style names for the menus; `resourceExtname` keeps the file's case, so both cases are listed. */
export function menuExtensionNames(): string[] {
  return OFFERED_EXTENSIONS.flatMap((ext) => [`.${ext}`, `.${ext.toUpperCase()}`]);
}

export function publishVideoExtensions(): Thenable<unknown> {
  return vscode.commands.executeCommand('setContext', VIDEO_EXTENSIONS_CONTEXT_KEY, menuExtensionNames());
}

/** Glob of the offered video files, for workspace.findFiles. */
export function videoGlob(): string {
  return `**/*.{${OFFERED_EXTENSIONS.flatMap((ext) => [ext, ext.toUpperCase()]).join(',')}}`;
}

/** Why a file cannot be uploaded, or undefined when it can. */
export function whyNotUploadable(uri: vscode.Uri): string | undefined {
  const name = path.basename(uri.path);
  if (uri.scheme !== 'file') return `“${name}” is not a file on this machine (${uri.scheme}:), so it cannot be uploaded`;
  if (!isVideoFile(uri.fsPath)) {
    return `“${name}” is not a video file, so it was not uploaded. Video files end in ${VIDEO_EXTENSIONS.map((ext) => `.${ext}`).join(', ')}`;
  }
  return undefined;
}
