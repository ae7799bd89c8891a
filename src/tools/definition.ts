import * as z from 'zod';
import type { SigningKey, StudioClient } from '../api';
import type { FolderFile } from '../operations/folderFile';
import type { LocalUploadTrace } from '../operations/whyNotReady';
import { checkedInput } from './input';

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
  /** Another profile of this side by name (not the current one), with its own client: what a copy between profiles needs. */
  otherProfile?: (name: string) => Promise<OtherProfile>;
  signal?: AbortSignal;
}

/** Another profile's client and account (its token goes only to its own service). */
export interface OtherProfile {
  client: StudioClient;
  account: AccountInfo;
}

export interface UploadStarted {
  /** Known once the service created the asset (at once, unless other uploads run first). */
  assetId?: string;
  name: string;
  state: 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled' | 'paused';
  problem?: string;
}

export type Capability = 'keptKey' | 'keepKey' | 'uploadFile' | 'otherProfile';

export interface AccountInfo {
  profile: string;
  project?: { id: string; name: string };
  baseUrl: string;
}

/** What a tool is called and told as, in both VS Code and MCP. */
interface ToolTexts {
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
  /** What the side must offer (see ToolContext). */
  needs?: Capability[];
}

/** A tool's input as its handlers get it: checked against its declaration, defaults filled in. */
export type InputOf<S extends z.ZodRawShape> = z.output<z.ZodObject<S, z.core.$strict>>;

/** A tool as written: its input declared once (zod fields with descriptions), its handlers typed by it. */
export interface ToolSpec<S extends z.ZodRawShape> extends ToolTexts {
  input: S;
  /** The change in words, for the confirmation (change tools); it may look at the side's folders (a file's size). */
  describeChange?: (input: InputOf<S>, context: Pick<ToolContext, 'folders'>) => string | Promise<string>;
  run: (input: InputOf<S>, context: ToolContext) => Promise<unknown>;
}

/**
 * One tool, defined once for the VS Code registration, the MCP server and package.json's schema
 * (generated from `input`). Its handlers take what a model sent and check it first: a wrong input
 * throws a ToolInputError naming the field and what is expected.
 */
export interface ToolDefinition extends ToolTexts {
  /** The input's declaration: no field beyond those it names. */
  input: z.ZodObject;
  describeChange?(input: unknown, context: Pick<ToolContext, 'folders'>): Promise<string>;
  run(input: unknown, context: ToolContext): Promise<unknown>;
}

/** A tool as both sides serve it, from the tool as written: its input a strict object (an unknown field is refused), checked before each handler. */
export function defineTool<S extends z.ZodRawShape>({ input, describeChange, run, ...texts }: ToolSpec<S>): ToolDefinition {
  const schema = z.strictObject(input);
  return {
    ...texts,
    input: schema,
    run: async (raw, context) => run(checkedInput(schema, raw), context),
    ...(describeChange ? { describeChange: async (raw: unknown, context: Pick<ToolContext, 'folders'>) => describeChange(checkedInput(schema, raw), context) } : {}),
  };
}

/** The input's JSON Schema as both sides hand it to models: MCP's tools/list (the SDK's own conversion) and package.json. */
export function inputJsonSchema(tool: ToolDefinition): Record<string, unknown> {
  const { $schema: _draft, ...schema } = z.toJSONSchema(tool.input, { target: 'draft-7', io: 'input' });
  return schema;
}

/** Whether a side with these capabilities can offer the tool. */
export function offeredWith(tool: ToolDefinition, context: Pick<ToolContext, Capability>): boolean {
  return (tool.needs ?? []).every((need) => typeof context[need] === 'function');
}
