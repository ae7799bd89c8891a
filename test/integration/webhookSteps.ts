// Shared by the Webhooks view suites (6_webhooks, 6b_webhooksEdit): the webhook they make, its
// receiver, and the view's rows as VS Code draws them.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Webhook } from '../../src/api';
import type { ReceivedRequest, Receiver } from '../demo/receiver';
import type { EmulatorStream } from '../emulator';
import { answer, view, type PromptRequest, type Row } from './harness';

/** What the first suite made, for the next one. */
export const made: { receiver?: Receiver; show?: EmulatorStream; webhook?: Webhook; secret?: string } = {};

export function webhookOf(): Webhook {
  return made.webhook ?? assert.fail('the Webhooks view suite (6_webhooks) creates the webhook first');
}

export const input = (value: string | undefined) => (request: PromptRequest) => {
  assert.equal(request.kind, 'input');
  return value;
};

/** Picks the items whose label (or detail) is among `labels`; one item unless `many`. */
export const choose = (...labels: string[]) => (request: PromptRequest) => {
  assert.equal(request.kind, 'pick');
  const items = request.items.filter((item) => labels.includes(item.label) || (item.detail !== undefined && labels.includes(item.detail)));
  assert.equal(items.length, labels.length, `items ${labels.join(', ')} offered`);
  return request.options.canPickMany ? items : items[0];
};

export function header(request: ReceivedRequest, name: string): string {
  const value = request.headers[name.toLowerCase()];
  return String(Array.isArray(value) ? value[0] : value);
}

/** The webhook's row (its id is "webhook:<id>"). */
export async function row(id = webhookOf().id): Promise<Row> {
  const found = (await view('webhooks').rows()).find((r) => r.item.id === `webhook:${id}`);
  assert.ok(found, 'the webhook row');
  return found;
}

/** The delivery rows under the webhook, newest first (their ids are "delivery:<webhook>:<delivery>"). */
export async function deliveries(id = webhookOf().id): Promise<Row[]> {
  return (await view('webhooks').rows(await row(id))).filter((r) => r.item.id?.startsWith('delivery:'));
}

export const iconOf = (r: Row | undefined): string | undefined => (r?.item.iconPath as vscode.ThemeIcon | undefined)?.id;

/** Verify Webhook Signature on the webhook, the body pasted; resolves the outcome in words. */
export async function verify(body: string, signature: string): Promise<string> {
  answer(choose('Paste the raw body'), input(body), input(signature));
  return vscode.commands.executeCommand<string>('livepeer.webhooks.verifySignature', webhookOf().id);
}

/** Refreshes the Webhooks view, as its title button does. */
export async function refresh(): Promise<void> {
  await vscode.commands.executeCommand('livepeer.webhooks.refresh');
}
