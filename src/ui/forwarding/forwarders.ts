import * as vscode from 'vscode';
import { withoutKnownSecrets, type Webhook } from '../../api';
import { answerLine, forwardDeliveries, type ForwardEvent } from '../../operations/forwarding/forwardDeliveries';
import type { Account } from '../account/account';
import { COMMANDS } from '../common/commandIds';
import type { ActiveForwarding, ForwardedAnswer, ForwardingState } from './forwardingState';
import { shownName } from '../common/format';

// The forwardings of this window: each writes what happens to the Livepeer Forwarding output, its
// local answers onto the delivery rows, and the status bar item says what goes where (a click stops).

export interface ForwardingDeps {
  session: Account;
  state: ForwardingState;
}

/** Context key: true while something is forwarded (Stop Forwarding in the palette). */
const FORWARDING_CONTEXT = 'livepeer.forwarding';
/** Answers kept for the delivery rows, the newest. */
const KEPT_ANSWERS = 500;

function hostOf(target: string): string {
  try {
    return new URL(target).host;
  } catch {
    return target;
  }
}

function output(state: ForwardingState): vscode.LogOutputChannel {
  return (state.output ??= vscode.window.createOutputChannel('Livepeer Forwarding', { log: true }));
}

function updateStatus(state: ForwardingState): void {
  const active = [...state.active.values()];
  void vscode.commands.executeCommand('setContext', FORWARDING_CONTEXT, active.length > 0);
  if (!active.length) {
    state.statusBar?.hide();
    return;
  }
  const item = (state.statusBar ??= vscode.window.createStatusBarItem('livepeer.forwarding', vscode.StatusBarAlignment.Left, 9));
  item.name = vscode.l10n.t('Livepeer Forwarding');
  item.command = COMMANDS.forwarding.stop;
  const [only] = active;
  const down = active.some((forwarding) => forwarding.receiverDown);
  item.text = only && active.length === 1 ? `$(radio-tower) ${only.webhookName} → ${hostOf(only.target)}` : vscode.l10n.t('$(radio-tower) {0} forwardings', active.length);
  item.backgroundColor = down ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
  const lines = active.map((forwarding) =>
    forwarding.receiverDown
      ? vscode.l10n.t('Forwarding {0} to {1}: not answering, retrying', forwarding.webhookName, forwarding.target)
      : vscode.l10n.t('Forwarding {0} to {1}', forwarding.webhookName, forwarding.target),
  );
  item.tooltip = [...lines, '', vscode.l10n.t('Click to stop.')].join('\n');
  item.show();
}

function keepAnswer(state: ForwardingState, deliveryId: string, answer: ForwardedAnswer): void {
  state.answers.delete(deliveryId);
  state.answers.set(deliveryId, answer);
  if (state.answers.size > KEPT_ANSWERS) state.answers.delete(state.answers.keys().next().value as string);
}

/** Writes an event to the output (and `echo`), the rows and the status bar. */
function report(state: ForwardingState, forwarding: ActiveForwarding, event: ForwardEvent, echo?: (line: string) => void): void {
  const log = output(state);
  const say = (level: 'info' | 'warn', line: string) => {
    log[level](line);
    echo?.(line);
  };
  const { webhookName: name, target } = forwarding;
  switch (event.kind) {
    case 'forwarded': {
      // A handler may echo what it got: any secret the extension knows is blanked.
      const line = withoutKnownSecrets(answerLine(event.answer));
      const ok = event.answer.status >= 200 && event.answer.status < 300;
      say(ok ? 'info' : 'warn', vscode.l10n.t('{0} ({1}) → {2}: {3}', event.delivery.event, event.delivery.id, target, line));
      keepAnswer(state, event.delivery.id, { line, short: String(event.answer.status), ok, target });
      forwarding.receiverDown = false;
      break;
    }
    case 'receiver-down':
      say('warn', vscode.l10n.t('{0} does not answer: {1}. {2} is sent again in {3} s; later deliveries wait for it.', target, event.message, event.delivery.event, Math.round(event.retryInMs / 100) / 10));
      keepAnswer(state, event.delivery.id, { line: vscode.l10n.t('not answering, retrying'), short: vscode.l10n.t('no answer'), ok: false, target });
      forwarding.receiverDown = true;
      break;
    case 'log-unreadable':
      say('warn', vscode.l10n.t('Cannot read the delivery log of {0}: {1}. Trying again in {2} s.', name, event.message, Math.round(event.retryInMs / 100) / 10));
      break;
    case 'stopped':
      say('info', vscode.l10n.t('Stopped forwarding {0} to {1}.', name, target));
      return;
  }
  updateStatus(state);
  state.fire(forwarding.webhookId);
}

/**
 * Forwards the webhook's new deliveries to `target` until stopped (a forwarding of the same webhook
 * stops first). `echo` also hears each line (a debug session's console).
 */
export async function startForwardingTo(deps: ForwardingDeps, webhook: Pick<Webhook, 'id' | 'name'>, target: string, echo?: (line: string) => void): Promise<ActiveForwarding> {
  const { state, session } = deps;
  await state.active.get(webhook.id)?.stop();
  const profileId = session.profile?.id;
  const active: ActiveForwarding = { webhookId: webhook.id, webhookName: shownName(webhook), target, receiverDown: false, stop: async () => undefined };
  const running = await forwardDeliveries(session.client(profileId), { webhookId: webhook.id, target, onEvent: (event) => report(state, active, event, echo) });
  const watchProfile = session.onDidChange(() => {
    if (session.profile?.id !== profileId) void active.stop();
  });
  active.stop = async () => {
    watchProfile.dispose();
    if (state.active.get(webhook.id) === active) state.active.delete(webhook.id);
    await running.stop();
    updateStatus(state);
    state.fire(webhook.id);
  };
  state.active.set(webhook.id, active);
  const line = vscode.l10n.t('Forwarding new deliveries of {0} to {1}: each is signed with the webhook’s secret, as the service signs.', active.webhookName, target);
  output(state).info(line);
  echo?.(line);
  updateStatus(state);
  state.fire(webhook.id);
  return active;
}

/** The webhook a debug configuration names: its id, or its exact name when only one webhook has it. */
export async function webhookNamed(session: Account, idOrName: string): Promise<Pick<Webhook, 'id' | 'name'>> {
  const webhooks = await session.client().webhooks.list();
  const byId = webhooks.find((webhook) => webhook.id === idOrName);
  const named = webhooks.filter((webhook) => webhook.name === idOrName);
  const found = byId ?? (named.length === 1 ? named[0] : undefined);
  if (found) return { id: found.id, name: found.name };
  if (named.length > 1) throw new Error(vscode.l10n.t('{0} webhooks are named {1}: give the webhook’s id in "webhook"', named.length, idOrName));
  throw new Error(vscode.l10n.t('no webhook with the id or name {0} in this account: set "webhook" to one of yours', idOrName));
}
