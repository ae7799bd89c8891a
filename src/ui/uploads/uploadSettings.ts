import * as vscode from 'vscode';
import { DEFAULT_CHUNK_SIZE_MIB, type UploadMethodChoice } from '../../upload';

const SECTION = 'livepeer.upload';
const METHODS: readonly UploadMethodChoice[] = ['auto', 'direct', 'tus'];

/** The `livepeer.upload.*` settings, read fresh each time so changes apply to the next upload. */
export const uploadSettings = {
  method: (): UploadMethodChoice => {
    const value = vscode.workspace.getConfiguration(SECTION).get<string>('method', 'auto');
    return (METHODS as readonly string[]).includes(value) ? (value as UploadMethodChoice) : 'auto';
  },
  askMethod: (): boolean => vscode.workspace.getConfiguration(SECTION).get('askMethod', false),
  chunkSizeMiB: (): number => {
    const config = vscode.workspace.getConfiguration(SECTION);
    // The setting was `chunkSizeMiB` until the Settings editor showed it as "Chunk Size Mi B"; a
    // value set under that name still counts until the new one is set.
    const renamed = config.inspect<number>('chunkSize');
    const set = renamed?.workspaceFolderValue ?? renamed?.workspaceValue ?? renamed?.globalValue;
    return set ?? config.get<number>('chunkSizeMiB') ?? DEFAULT_CHUNK_SIZE_MIB;
  },
  /** Uploads that run at once; at least 1 whatever the setting says. */
  concurrency: (): number => Math.max(1, Math.floor(vscode.workspace.getConfiguration(SECTION).get('concurrency', 2)) || 1),
};

export function isUploadMethod(value: unknown): value is UploadMethodChoice {
  return (METHODS as readonly unknown[]).includes(value);
}
