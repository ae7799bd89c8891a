import * as vscode from 'vscode';
import { localTargetProblem, shownTarget } from '../../operations/forwarding/forwardDeliveries';
import { refusalSentence } from '../../tools/refusalWords';
import { COMMANDS } from '../common/commandIds';
import { registerCommand } from '../common/commands';
import { quoted } from '../common/format';
import type { WebhooksOffer } from '../common/feature';
import type { Prompts } from '../common/prompts';
import { startForwardingTo, type ForwardingDeps } from './forwarders';
import type { ActiveForwarding } from './forwardingState';
import { shownName } from '../common/format';

/** Local addresses forwarded to before, newest first (the person's own, in global state). */
const RECENT_TARGETS = 'livepeer.forwarding.recentTargets';
const KEPT_TARGETS = 5;
const EXAMPLE_TARGET = 'http://localhost:3000/webhooks';

export interface ForwardCommandDeps extends ForwardingDeps {
  prompts: Prompts;
  /** The Webhooks feature's offer: its picker. */
  webhooks: WebhooksOffer;
  memento: vscode.Memento;
}

/** Picks a recent address or asks for one, checked as forwarding checks it. */
async function chooseTarget(deps: ForwardCommandDeps, webhookName: string): Promise<string | undefined> {
  const recent = deps.memento.get<string[]>(RECENT_TARGETS, []);
  const title = vscode.l10n.t('Livepeer: Forward {0} to a Local Address', quoted(webhookName));
  if (recent.length) {
    const another = { label: vscode.l10n.t('$(edit) Another address…') };
    const picked = await deps.prompts.pick([...recent.map((label) => ({ label })), another], { title, placeHolder: vscode.l10n.t('Local address to POST each delivery to') });
    if (!picked) return undefined;
    if (picked !== another) return picked.label;
  }
  const typed = await deps.prompts.input({
    title,
    prompt: vscode.l10n.t('A handler on this machine or your private network (loopback or private address)'),
    value: recent[0] ?? EXAMPLE_TARGET,
    placeHolder: EXAMPLE_TARGET,
    validateInput: (value) => {
      const problem = localTargetProblem(value);
      return problem && refusalSentence(problem);
    },
  });
  return typed?.trim() || undefined;
}

async function remember(memento: vscode.Memento, target: string): Promise<void> {
  const recent = memento.get<string[]>(RECENT_TARGETS, []).filter((url) => url !== target);
  await memento.update(RECENT_TARGETS, [target, ...recent].slice(0, KEPT_TARGETS));
}

/** Forward to localhost…: a webhook (the row's, or picked), a local address, then forwarding until stopped. */
async function forwardToLocalhost(deps: ForwardCommandDeps, arg: unknown): Promise<ActiveForwarding | undefined> {
  const webhook = await deps.webhooks.pickWebhook(arg, vscode.l10n.t('Select the webhook whose deliveries to forward'));
  if (!webhook) return undefined;
  const target = await chooseTarget(deps, shownName(webhook));
  if (!target) return undefined;
  const problem = localTargetProblem(target);
  if (problem) {
    deps.prompts.notify('warning', vscode.l10n.t('Livepeer: cannot forward to {0}: {1}', shownTarget(target), refusalSentence(problem)));
    return undefined;
  }
  const active = await startForwardingTo(deps, { id: webhook.id, name: webhook.name }, target);
  await remember(deps.memento, target);
  deps.state.output?.show(true);
  return active;
}

/** Stop Forwarding: the only one, or the one picked (or all). */
async function stopForwarding(deps: { state: ForwardingDeps['state']; prompts: Prompts }): Promise<void> {
  const active = [...deps.state.active.values()];
  if (!active.length) {
    deps.prompts.notify('info', vscode.l10n.t('Livepeer: nothing is being forwarded.'));
    return;
  }
  if (active.length === 1) return active[0]?.stop();
  const all = { label: vscode.l10n.t('All'), detail: undefined as string | undefined };
  const picked = await deps.prompts.pick(
    [all, ...active.map((forwarding) => ({ label: forwarding.webhookName, description: forwarding.target, detail: forwarding.webhookId }))],
    { placeHolder: vscode.l10n.t('Forwarding to stop') },
  );
  if (!picked) return;
  if (picked === all) return deps.state.stopAll();
  return active.find((forwarding) => forwarding.webhookId === picked.detail)?.stop();
}

export function registerForwardCommands(deps: ForwardCommandDeps): vscode.Disposable[] {
  const { prompts } = deps;
  return [
    registerCommand(COMMANDS.forwarding.start, (arg?: unknown) => forwardToLocalhost(deps, arg), { prompts, failed: (reason) => vscode.l10n.t('Livepeer: forwarding deliveries: {0}', reason) }),
    registerCommand(COMMANDS.forwarding.stop, () => stopForwarding(deps), { prompts, failed: (reason) => vscode.l10n.t('Livepeer: stopping forwarding: {0}', reason) }),
  ];
}

// One bundle for the commands and the debug adapter (see index.ts): one set of running forwarders.
export { forwardingAdapter } from './debugAdapter';
