import type * as vscode from 'vscode';
import type { Prompts } from '../common/prompts';

/**
 * Files and folders dropped on the Uploads or Assets view (from the Explorer: `text/uri-list`; from
 * the OS: `files`) are uploaded as Upload to Livepeer uploads them; the handler loads at the first drop.
 */
export function uploadDrop(prompts: Prompts): vscode.TreeDragAndDropController<unknown> {
  return {
    dropMimeTypes: ['text/uri-list', 'files'],
    dragMimeTypes: [],
    handleDrop: async (_target, data, token) => (await import('./droppedFiles.js')).uploadDropped(prompts, data, token),
  };
}
