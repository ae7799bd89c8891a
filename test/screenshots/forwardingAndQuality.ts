// README pictures of Forward to localhost… (forwarding.png) and Quality and Usage (quality.png), from the demo data.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { LivepeerApi } from '../../src/extension';
import { startReceiver } from '../demo/receiver';
import type { Emulator } from '../emulator';
import { eventually, screenshot, sleep } from '../integration/harness';

export async function shootForwardingAndQuality(api: LivepeerApi, emulator: Emulator): Promise<void> {
  const handler = await startReceiver();
  const responder = api.prompts.responder;
  try {
    // A person types their handler's address; the screenshot run answers with a local receiver's.
    api.prompts.responder = (request) => (request.kind === 'input' ? handler.url : undefined);
    const [webhook] = (await api.session.client().webhooks.list()).filter((w) => w.name === 'Stream alerts');
    assert.ok(webhook, 'the screenshot run makes a webhook named Stream alerts');
    await vscode.commands.executeCommand('livepeer.forwarding.start', webhook.id);
    api.prompts.responder = responder;
    const idle = [...emulator.store.streams.values()].find((s) => !s.parentId && !s.isActive && !s.suspended);
    assert.ok(idle, 'an idle stream in the demo data');
    emulator.store.startSession(idle);
    await eventually(() => assert.ok(handler.received.length > 0 && api.forwarding.answers.size > 0), 60_000);
    await vscode.commands.executeCommand('livepeer.webhooks.focus');
    const row = (await api.webhooks.getChildren())?.find((item) => item.label === 'Stream alerts');
    if (row) await api.webhooksTree.reveal(row, { expand: true });
    api.forwarding.output?.show(true);
    await vscode.commands.executeCommand('notifications.clearAll');
    await sleep(1000);
    console.log(`forwarding: ${await screenshot('forwarding')}`);
    await api.forwarding.stopAll();

    const asset = [...emulator.store.assets.values()].find((a) => a.name === 'Wedding highlights');
    assert.ok(asset, 'the demo asset');
    let shown = false;
    const watching = api.quality((event) => (shown ||= event.reported?.type === 'shown' && /By browser/.test(event.reported.text)));
    try {
      await vscode.commands.executeCommand('workbench.action.closePanel');
      await vscode.commands.executeCommand('livepeer.quality.show', await api.assets.itemFor(asset.id));
      await eventually(() => assert.ok(shown), 30_000);
      await sleep(500);
      console.log(`quality: ${await screenshot('quality')}`);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    } finally {
      watching.dispose();
    }
  } finally {
    api.prompts.responder = responder;
    await api.forwarding.stopAll();
    await handler.close();
  }
}
