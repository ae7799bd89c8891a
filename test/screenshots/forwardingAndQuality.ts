// README pictures of Forward to localhost… (forwarding.png) and Quality and Usage (quality.png), from the demo data.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { StudioClient } from '../../src/api';
import { startReceiver } from '../demo/receiver';
import type { Emulator } from '../emulator';
import { answerer } from '../integration/capture';
import { captured, eventually, screenshot, sleep, statusBarItems, view, webviewMessagesFromNow } from '../integration/harness';

export async function shootForwardingAndQuality(client: StudioClient, emulator: Emulator): Promise<void> {
  const handler = await startReceiver();
  try {
    // A person types their handler's address; the screenshot run answers with a local receiver's.
    answerer.respond = (request) => (request.kind === 'input' ? handler.url : undefined);
    const [webhook] = (await client.webhooks.list()).filter((w) => w.name === 'Stream alerts');
    assert.ok(webhook, 'the screenshot run makes a webhook named Stream alerts');
    await vscode.commands.executeCommand('livepeer.forwarding.start', webhook.id);
    answerer.respond = undefined;
    const idle = [...emulator.store.streams.values()].find((s) => !s.parentId && !s.isActive && !s.suspended);
    assert.ok(idle, 'an idle stream in the demo data');
    emulator.store.startSession(idle);
    await eventually(() => assert.ok(handler.received.length > 0 && statusBarItems().some((item) => item.id === 'livepeer.forwarding' && item.visible)), 60_000);
    await vscode.commands.executeCommand('livepeer.webhooks.focus');
    const webhooks = view('webhooks');
    const row = (await webhooks.rows()).find((item) => item.label === 'Stream alerts');
    if (row) await webhooks.tree?.reveal(row.element, { expand: true });
    captured.outputChannels.get('Livepeer Forwarding')?.show(true);
    await vscode.commands.executeCommand('notifications.clearAll');
    await sleep(1000);
    console.log(`forwarding: ${await screenshot('forwarding')}`);
    await vscode.commands.executeCommand('livepeer.forwarding.stop');

    const asset = [...emulator.store.assets.values()].find((a) => a.name === 'Wedding highlights');
    assert.ok(asset, 'the demo asset');
    // The page says what it shows (its `shown` message) once its figures are drawn.
    const page = webviewMessagesFromNow('livepeer.quality');
    const shown = () => page.received().some((message) => (message as { type?: string; text?: string }).type === 'shown' && /By browser/.test((message as { text: string }).text));
    {
      await vscode.commands.executeCommand('workbench.action.closePanel');
      const assetRow = await eventually(async () => (await view('assets').rows()).find((item) => (item.element as { asset?: { id: string } }).asset?.id === asset.id) ?? assert.fail('no row of the demo asset'));
      await vscode.commands.executeCommand('livepeer.quality.show', assetRow.element);
      await eventually(() => assert.ok(shown()), 30_000);
      await sleep(500);
      console.log(`quality: ${await screenshot('quality')}`);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
  } finally {
    answerer.respond = undefined;
    await handler.close();
  }
}
