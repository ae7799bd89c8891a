import * as path from 'node:path';
import * as vscode from 'vscode';
import { OFFERED_VIDEO_EXTENSIONS, VIDEO_EXTENSIONS, isVideoFile } from '../../upload';

/** Glob of the offered video files, for workspace.findFiles. */
export function videoGlob(): string {
  return `**/*.{${OFFERED_VIDEO_EXTENSIONS.flatMap((ext) => [ext, ext.toUpperCase()]).join(',')}}`;
}

/** Why a file cannot be uploaded, or undefined when it can. */
export function whyNotUploadable(uri: vscode.Uri): string | undefined {
  const name = path.basename(uri.path);
  if (uri.scheme !== 'file') return vscode.l10n.t('“{0}” is not a file on this machine ({1}:), so it cannot be uploaded', name, uri.scheme);
  if (!isVideoFile(uri.fsPath)) {
    return vscode.l10n.t('“{0}” is not a video file, so it was not uploaded. Video files end in {1}', name, VIDEO_EXTENSIONS.map((ext) => `.${ext}`).join(', '));
  }
  return undefined;
}
