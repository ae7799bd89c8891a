import type { SigningKey, StudioClient } from '../api';
import type { FolderFile } from '../operations/folderFile';
import type { LocalUploadTrace } from '../operations/whyNotReady';

/** The part of JSON Schema the tools' inputs use (what VS Code and MCP clients hand to a model). */
export interface JsonSchema {
  type: 'object' | 'string' | 'number' | 'integer' | 'boolean' | 'array';
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: JsonSchema;
  additionalProperties?: boolean;
}

/** `read` tools only read the account; `change` tools change it and are confirmed first (and refused when read-only). */
export type ToolKind = 'read' | 'change';

/** What a side (VS Code, the MCP server) can offer beyond the API client; a tool that needs one is offered only where it is. */
export interface ToolContext {
  client: StudioClient;
  /** Which account the tools act on: names only, nothing secret. */
  account(): Promise<AccountInfo>;
  /** Every secret this side holds (API tokens, kept private keys, secrets seen): blanked from every result and error. */
  secrets(): Iterable<string>;
  /** The private key kept for a signing key (VS Code's secret storage); never answered. */
  keptKey?: (key: SigningKey) => Promise<string | undefined>;
  /** Keeps a new signing key's private key in secret storage. */
  keepKey?: (key: SigningKey, privateKey: string) => Promise<void>;
  /** The folders whose files a tool may read (VS Code's open folders). */
  folders?: () => readonly string[];
  /** Uploads a file found inside `folders` through the same queue as a right-click, answering where it stands. */
  uploadFile?: (file: FolderFile, name: string) => Promise<UploadStarted>;
  /** What to do about a refused or missing API token on this side (the MCP server: its environment); VS Code's words when absent. */
  tokenAdvice?: string;
  /** What this side's upload of an asset left (VS Code's upload queue); absent where uploads are not seen. */
  localUpload?: (assetId: string) => Promise<LocalUploadTrace | undefined>;
  signal?: AbortSignal;
}

export interface UploadStarted {
  /** Known once the service created the asset (at once, unless other uploads run first). */
  assetId?: string;
  name: string;
  state: 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled' | 'paused';
  problem?: string;
}

export type Capability = 'keptKey' | 'keepKey' | 'uploadFile';

export interface AccountInfo {
  profile: string;
  project?: { id: string; name: string };
  baseUrl: string;
}

/** One tool, defined once for both the VS Code registration and the MCP server. */
export interface ToolDefinition {
  /** VS Code's tool name and the MCP tool name. */
  name: string;
  /** What people type after `#` in chat. */
  toolReferenceName: string;
  displayName: string;
  /** For people (VS Code's tool picker). */
  userDescription: string;
  /** For the model: what it does, when to use it, what it answers. */
  modelDescription: string;
  kind: ToolKind;
  inputSchema: JsonSchema;
  /** What the side must offer (see ToolContext). */
  needs?: Capability[];
  /** The change in words, for the confirmation (change tools); it may look at the side's folders (a file's size). */
  describeChange?(input: Record<string, unknown>, context: Pick<ToolContext, 'folders'>): string | Promise<string>;
  run(input: Record<string, unknown>, context: ToolContext): Promise<unknown>;
}

/** Whether a side with these capabilities can offer the tool. */
export function offeredWith(tool: ToolDefinition, context: Pick<ToolContext, Capability>): boolean {
  return (tool.needs ?? []).every((need) => typeof context[need] === 'function');
}
