import type * as vscode from 'vscode';

const STATE_KEY = 'livepeer.webhookSecretChanges';

/**
 * When this extension last changed each webhook's shared secret (the service keeps no such time).
 * The service signs a delivery, and every resend of it, with the secret of the delivery's time: a
 * signature check of an older delivery then fails with the current secret, and this says why.
 */
export class SecretChanges {
  constructor(private readonly state: vscode.Memento) {}

  private all(): Record<string, number> {
    const stored = this.state.get<unknown>(STATE_KEY);
    return stored && typeof stored === 'object' ? (stored as Record<string, number>) : {};
  }

  record(webhookId: string, at = Date.now()): Thenable<void> {
    return this.state.update(STATE_KEY, { ...this.all(), [webhookId]: at });
  }

  /** Unix milliseconds of the last change made here, if any. */
  changedAt(webhookId: string): number | undefined {
    const at = this.all()[webhookId];
    return typeof at === 'number' && Number.isFinite(at) ? at : undefined;
  }
}
