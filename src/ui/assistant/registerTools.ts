import * as vscode from 'vscode';
import type { Account } from '../account/account';
import { Disposable } from '../common/disposable';
import { settings } from '../common/settings';
import type { PrivateKeys } from '../keys/privateKeys';
import type { UploadQueue } from '../../upload';

/** What the tools reach in the extension: the account (current profile and its client) and the kept private keys. */
export interface AssistantDeps {
  session: Account;
  privateKeys: PrivateKeys;
  /** The upload queue: what an asset's upload left here (why it is not ready). */
  uploads: UploadQueue;
}

/**
 * Registers the assistant tools (package.json's `languageModelTools`) with VS Code while
 * `livepeer.assistantTools` is not `off`. Cheap at activation: each registration is a stand-in that
 * loads the tools (their own bundle) on the first preparation or call.
 */
export class AssistantTools extends Disposable {
  private registered: vscode.Disposable[] = [];

  constructor(
    private readonly names: readonly string[],
    private readonly deps: AssistantDeps,
  ) {
    super();
    this.sync();
    this.register(vscode.workspace.onDidChangeConfiguration((event) => settings.affects(event, 'assistantTools') && this.sync()));
    this.register(vscode.workspace.onDidChangeWorkspaceFolders(() => this.sync()));
    this.register({ dispose: () => this.unregister() });
  }

  private sync(): void {
    const on = settings.assistantTools() !== 'off' && typeof vscode.lm?.registerTool === 'function';
    if (!on) this.unregister();
    else if (!this.registered.length) this.registered = this.names.map((name) => vscode.lm.registerTool(name, this.standIn(name)));
  }

  private unregister(): void {
    for (const registration of this.registered) registration.dispose();
    this.registered = [];
  }

  private standIn(name: string): vscode.LanguageModelTool<object> {
    const load = () => import('./toolInvocation.js');
    return {
      prepareInvocation: async (options) => (await load()).prepareTool(name, options.input, this.deps),
      invoke: async (options, token) => (await load()).invokeTool(name, options.input, token, this.deps),
    };
  }
}

/** The tool names the manifest contributes (the unit tests hold them to src/tools/table.ts). */
export function contributedToolNames(context: vscode.ExtensionContext): string[] {
  const tools = (context.extension.packageJSON as { contributes?: { languageModelTools?: Array<{ name: string }> } }).contributes?.languageModelTools ?? [];
  return tools.map((tool) => tool.name);
}
