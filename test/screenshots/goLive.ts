// README pictures of going live (multistream.png, clip.png, access.png), from the demo data.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { StudioClient } from '../../src/api';
import type { Emulator } from '../emulator';
import { eventually, person, screenshot, sleep, view, webviewMessagesFromNow } from '../integration/harness';

/** The row of the demo stream named `name`, revealed and expanded in the Streams view (its element, what commands get). */
async function revealStream(name: string): Promise<unknown> {
  await vscode.commands.executeCommand('livepeer.streams.refresh');
  await vscode.commands.executeCommand('livepeer.streams.focus');
  const streams = view('streams');
  const row = await eventually(() => streams.row(name));
  await streams.tree?.reveal(row.element, { expand: true, select: true, focus: true });
  return row.element;
}

/** Waits until the quick input shows `text`, takes the picture `name`, and closes it as a person would (Escape). */
async function shootQuickInput(name: string, text: string): Promise<void> {
  await eventually(async () => assert.match((await person.text('.quick-input-widget')) ?? '', new RegExp(text)), 20_000);
  await sleep(500);
  console.log(`${name}: ${await screenshot(name)}`);
  await person.press('Escape');
}

export async function goLiveShots(client: StudioClient, emulator: Emulator): Promise<void> {
  const sunday = [...emulator.store.streams.values()].find((s) => s.name === 'Sunday Service' && !s.parentId && s.isActive);
  assert.ok(sunday, 'the demo data has Sunday Service live');
  // Restreamed to two platforms; the keys in the URLs are made up, and no picture shows them.
  const youtube = await client.multistream.create({ name: 'YouTube', url: `rtmp://a.rtmp.youtube.com/live2/${randomBytes(8).toString('hex')}` });
  const twitch = await client.multistream.create({ name: 'Twitch', url: `rtmps://live.twitch.tv:443/app/live_${randomBytes(8).toString('hex')}` });
  await client.streams.addTarget(sunday.id, { id: youtube.id, profile: 'source' });
  await client.streams.addTarget(sunday.id, { id: twitch.id, profile: 'source', videoOnly: true });
  await client.multistream.update(twitch.id, { disabled: true });
  const row = await revealStream('Sunday Service');
  await vscode.commands.executeCommand('livepeer.multistreamTargets.focus');
  await eventually(async () => assert.equal((await view('multistreamTargets').rows()).length, 2));
  await vscode.commands.executeCommand('notifications.clearAll');
  await sleep(1000);
  console.log(`multistream: ${await screenshot('multistream')}`);

  // The player on the live stream, two marks set, and Clip… asking which part.
  const page = webviewMessagesFromNow('livepeer.player');
  const playing = () => page.received().some((report) => (report as { type?: string; state?: string }).type === 'state' && (report as { state?: string }).state === 'playing');
  try {
    await vscode.commands.executeCommand('livepeer.player.play', row);
    await eventually(() => assert.ok(playing()), 30_000);
    await person.click('Mark In');
    await sleep(2500);
    await person.click('Mark Out');
    await person.click('Clip…');
    await shootQuickInput('clip', 'Between the Marks');
  } finally {
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  }

  // Who may watch: the choices, each with what it means.
  void vscode.commands.executeCommand('livepeer.access.playbackAccess', await revealStream('Charity Marathon'));
  await shootQuickInput('access', 'Access-Control Webhook');
}
