import * as vscode from 'vscode';
import { COMMANDS } from '../common/commandIds';
import { registerOnFirstUse } from '../common/commands';
import type { Feature, FeatureContext } from '../common/feature';
import { Rotations } from './rotations';
import { SigningKeysView } from './signingKeysView';

/** The Signing Keys view; the key and playback-token commands load with the first of them (keyCommands.js). */
export function activate(context: FeatureContext): Feature {
  const { session, prompts, profiles, state, results, privateKeys } = context;
  const rotations = new Rotations(state, () => profiles.current?.id);
  const view = new SigningKeysView(session, prompts, rotations, privateKeys);
  const treeView = vscode.window.createTreeView('livepeer.signingKeys', { treeDataProvider: view });
  view.showIn(treeView);
  return {
    disposables: [
      view,
      treeView,
      // A removed profile's rotations go with it.
      profiles.onDidRemove((profileId) => void Rotations.forget(state, profileId)),
      registerOnFirstUse([...Object.values(COMMANDS.keys), ...Object.values(COMMANDS.playback)], async () => {
        const { registerKeyCommands, registerPlaybackCommands } = await import('./keyCommands.js');
        const keys = { session, prompts, view, results };
        return () => [...registerKeyCommands(keys), ...registerPlaybackCommands(keys)];
      }),
    ],
  };
}
