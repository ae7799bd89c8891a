import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { LivepeerApi } from '../../src/extension';
import { eventually, screenshot, sleep } from '../integration/harness';

/** The Tasks view (what the service did with the demo's videos), for the README's Tasks paragraph. */
export async function tasksShot(api: LivepeerApi): Promise<void> {
  await vscode.commands.executeCommand('livepeer.tasks.focus');
  await eventually(async () => assert.ok((await api.tasks.getChildren()).length > 0));
  // The upload's end notification comes while the view loads: cleared after.
  await sleep(1000);
  await vscode.commands.executeCommand('notifications.clearAll');
  await sleep(300);
  console.log(`tasks: ${await screenshot('tasks')}`);
}
