import { createClipTool, importFromUrlTool, whyNotReadyTool } from './assetTools';
import { copyAssetTool, planCopyTool } from './copyTools';
import { createSigningKey, createStreamTool, resendDelivery, signPlaybackToken, uploadFile } from './changeTools';
import type { ToolDefinition } from './definition';
import { currentAccount, getAsset, getStream, listAssets, listSigningKeys, listStreams } from './readTools';
import { checkPlaybackAccess, listDeliveries, listWebhooks, viewership } from './watchTools';

/**
 * Every tool offered to assistants, in the order they are listed: the VS Code registration (and
 * package.json's `languageModelTools`: its input schemas written from these by the build, the rest
 * checked against this by a unit test) and the MCP server both serve this table. A new tool is one
 * entry here and one in package.json. Destructive operations (delete, disable a key,
 * terminate) are deliberately not offered.
 */
export const TOOLS: readonly ToolDefinition[] = [
  currentAccount,
  listStreams,
  getStream,
  listAssets,
  getAsset,
  listSigningKeys,
  listWebhooks,
  listDeliveries,
  checkPlaybackAccess,
  viewership,
  createStreamTool,
  uploadFile,
  signPlaybackToken,
  createSigningKey,
  resendDelivery,
  whyNotReadyTool,
  importFromUrlTool,
  createClipTool,
  planCopyTool,
  copyAssetTool,
];

export function toolNamed(name: string): ToolDefinition | undefined {
  return TOOLS.find((tool) => tool.name === name);
}
