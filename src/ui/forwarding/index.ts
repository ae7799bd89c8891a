import * as vscode from 'vscode';
import { COMMANDS } from '../common/commandIds';
import { registerOnFirstUse } from '../common/commands';
import { offered, type Feature, type FeatureContext } from '../common/feature';
import type { ForwardCommandDeps } from './forwardCommands';
import { ForwardingState } from './forwardingState';

const FORWARD_DEBUG_TYPE = 'livepeer-forward';

/**
 * Forward to localhost…, Stop Forwarding and the `livepeer-forward` debug type: only their
 * registration is loaded at activation; the forwarding loads with its first use (forwardCommands.js,
 * one bundle with the debug adapter: they share the running forwarders). The local answers show on
 * the Webhooks view's delivery rows through the notes that feature offers.
 */
export function activate(context: FeatureContext): Feature {
  const state = new ForwardingState();
  const webhooks = offered(context, 'webhooks');
  const deps: ForwardCommandDeps = { session: context.session, prompts: context.prompts, webhooks, memento: context.state, state };
  const debugAdapters: vscode.DebugAdapterDescriptorFactory = {
    async createDebugAdapterDescriptor(debugSession) {
      const { forwardingAdapter } = await import('./forwardCommands.js');
      return new vscode.DebugAdapterInlineImplementation(forwardingAdapter(deps, debugSession));
    },
  };
  return {
    disposables: [
      state,
      webhooks.registerDeliveryNotes({ notes: state.answers, onDidChange: state.onDidChange }),
      registerOnFirstUse(Object.values(COMMANDS.forwarding), async () => {
        const { registerForwardCommands } = await import('./forwardCommands.js');
        return () => registerForwardCommands(deps);
      }),
      vscode.debug.registerDebugAdapterDescriptorFactory(FORWARD_DEBUG_TYPE, debugAdapters),
    ],
  };
}
