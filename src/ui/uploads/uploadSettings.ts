import * as vscode from 'vscode';
import type { UploadMethodChoice } from '../../upload';
import { contributed, explicitValue } from '../common/settings';

const SECTION = 'livepeer.upload';
const METHODS: readonly UploadMethodChoice[] = ['auto', 'direct', 'tus'];

/** The `livepeer.upload.*` settings, read fresh each time so changes apply to the next upload. */
export const uploadSettings = {
  method: (): UploadMethodChoice => {
    const value = contributed<string>(SECTION, 'method');
    return (METHODS as readonly string[]).includes(value) ? (value as UploadMethodChoice) : 'auto';
  },
  askMethod: (): boolean => contributed(SECTION, 'askMethod'),
  chunkSizeMiB: (): number => {
    const config = vscode.workspace.getConfiguration(SECTION);
    // The setting was `chunkSizeMiB` until the Settings editor showed it as "Chunk Size Mi B": a
    // value set under that name still counts until the new one is set. Only a value someone set
    // counts, never the old name's default.
    return explicitValue<number>(config, 'chunkSize') ?? explicitValue<number>(config, 'chunkSizeMiB') ?? contributed(SECTION, 'chunkSize');
  },
  /** Uploads that run at once: 1 to 8 (the manifest's bounds) whatever a folder's setting says. */
  concurrency: (): number => Math.min(8, Math.max(1, Math.floor(contributed<number>(SECTION, 'concurrency')) || 1)),
};

export function isUploadMethod(value: unknown): value is UploadMethodChoice {
  return (METHODS as readonly unknown[]).includes(value);
}
