import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { eventually, screenshot, sleep, view } from '../integration/harness';

/** The Tasks view (what the service did with the demo's videos), for the README's Tasks paragraph. */
export async function tasksShot(): Promise<void> {
  await vscode.commands.executeCommand('livepeer.tasks.focus');
  await eventually(async () => assert.ok((await view('tasks').rows()).length > 0));
  // The upload's end notification comes while the view loads: cleared after.
  await sleep(1000);
  await vscode.commands.executeCommand('notifications.clearAll');
  await sleep(300);
  console.log(`tasks: ${await screenshot('tasks')}`);
}
