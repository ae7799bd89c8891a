import * as vscode from 'vscode';
import type { Account } from '../account/account';
import { COMMANDS } from '../common/commandIds';
import { registerOnFirstUse } from '../common/commands';
import type { Prompts } from '../common/prompts';
import type { WebhooksView } from '../webhooks/webhooksView';
import { ForwardingState } from './forwardingState';

export const FORWARD_DEBUG_TYPE = 'livepeer-forward';

export interface ForwardingFeature {
  state: ForwardingState;
  disposables: vscode.Disposable[];
}

/**
 * Forward to localhost…, Stop Forwarding and the `livepeer-forward` debug type: only their
 * registration is loaded at activation; the forwarding loads with its first use.
 */
export function registerForwarding(session: Account, prompts: Prompts, view: WebhooksView, memento: vscode.Memento): ForwardingFeature {
  const state = new ForwardingState();
  const deps = { session, prompts, view, memento, state };
  const debugAdapters: vscode.DebugAdapterDescriptorFactory = {
    async createDebugAdapterDescriptor(debugSession) {
      // One bundle with the commands: they share the running forwarders.
      const { forwardingAdapter } = await import('./forwardCommands.js');
      return new vscode.DebugAdapterInlineImplementation(forwardingAdapter(deps, debugSession));
    },
  };
  return {
    state,
    disposables: [
      state,
      registerOnFirstUse(Object.values(COMMANDS.forwarding), async () => {
        const { registerForwardCommands } = await import('./forwardCommands.js');
        return () => registerForwardCommands(deps);
      }),
      vscode.debug.registerDebugAdapterDescriptorFactory(FORWARD_DEBUG_TYPE, debugAdapters),
    ],
  };
}
