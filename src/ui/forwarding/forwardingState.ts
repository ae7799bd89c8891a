import * as vscode from 'vscode';
import { Disposable } from '../common/disposable';
import type { DeliveryNote } from '../common/feature';

/** The local answer to one forwarded delivery, for its row in the Webhooks view. */
export type ForwardedAnswer = DeliveryNote;

export interface ActiveForwarding {
  webhookId: string;
  webhookName: string;
  target: string;
  /** The receiver could not be reached at the last try (deliveries wait for it). */
  receiverDown: boolean;
  stop(): Promise<void>;
}

/**
 * What is being forwarded where, and the local answers by delivery id: small and loaded at
 * activation (the Webhooks view shows the answers); the forwarding itself loads on first use.
 */
export class ForwardingState extends Disposable {
  readonly active = new Map<string, ActiveForwarding>();
  readonly answers = new Map<string, ForwardedAnswer>();
  /** Made by the first forwarding. */
  output?: vscode.LogOutputChannel;
  statusBar?: vscode.StatusBarItem;
  private readonly changed = this.register(new vscode.EventEmitter<string>());
  /** Fires with the webhook's id when its forwarding starts, stops or answers. */
  readonly onDidChange = this.changed.event;

  fire(webhookId: string): void {
    this.changed.fire(webhookId);
  }

  /** Stops every forwarding; resolves when nothing is left running. */
  async stopAll(): Promise<void> {
    await Promise.all([...this.active.values()].map((forwarding) => forwarding.stop()));
  }

  override dispose(): void {
    void this.stopAll();
    this.output?.dispose();
    this.statusBar?.dispose();
    super.dispose();
  }
}
