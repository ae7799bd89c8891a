import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { CreatedSigningKey } from '../../api';
import { reportError } from '../common/errorReporting';
import type { Prompts } from '../common/prompts';
import { writePrivateFile } from './privateFile';
import type { PrivateKeys } from './privateKeys';
import { quoted } from '../common/format';
import { CLOSE_WITHOUT_KEEPING } from '../common/actions';

const COPY = 'Copy Private Key';
const SAVE = 'Save to File…';
const KEEP = 'Keep in VS Code’s Secret Storage';
const KEEP_TOO = 'Keep in VS Code Too';

/**
 * Hands out a new key's private key, the one time the service returns it: copy it, save it to a
 * file (0600, outside the workspace by default) or keep it in VS Code's secret storage. Not kept
 * unless the person says so; one choice finishes the dialog, and after a copy or a save its message
 * offers to keep it in VS Code too (someone who came from the player needs it here as well).
 */
export async function handOutPrivateKey(prompts: Prompts, privateKeys: PrivateKeys, key: CreatedSigningKey): Promise<void> {
  if (!key.privateKey) return;
  const name = key.name || 'the new key';
  for (;;) {
    const choice = await prompts.message(
      'warning',
      `Signing key ${quoted(name)} created. Keep its private key now: it cannot be shown again.`,
      {
        modal: true,
        detail:
          'Copy puts the base64 value that Livepeer SDKs expect on the clipboard; Save writes it as a PEM file readable only by you; Secret Storage keeps it in VS Code (the OS keychain on desktop) to sign playback tokens here. Otherwise the extension keeps no copy.',
      },
      COPY,
      SAVE,
      KEEP,
    );
    if (choice === COPY) {
      await vscode.env.clipboard.writeText(key.privateKey);
      offerToKeepToo(prompts, privateKeys, key, key.privateKey, `Livepeer: private key of ${quoted(name)} copied. Paste it where your player signs tokens; it will not be shown again.`);
      return;
    }
    if (choice === SAVE) {
      const saved = await savePem(prompts, name, key.privateKey);
      if (saved) return offerToKeepToo(prompts, privateKeys, key, key.privateKey, `Livepeer: private key saved to ${saved} (readable only by you).`);
    } else if (choice === KEEP) {
      await privateKeys.store(key, key.privateKey);
      void prompts.message('info', `Livepeer: private key of ${quoted(name)} kept in VS Code’s secret storage. Sign Playback Token uses it.`, {});
      return;
    } else if (await confirmDiscard(prompts)) {
      return;
    }
  }
}

/** The message after a copy or a save, with an action that also keeps the key in secret storage. */
function offerToKeepToo(prompts: Prompts, privateKeys: PrivateKeys, key: CreatedSigningKey, privateKey: string, message: string): void {
  const name = key.name || 'the new key';
  void prompts.message('info', message, {}, KEEP_TOO).then(async (action) => {
    if (action !== KEEP_TOO) return;
    await privateKeys.store(key, privateKey).then(
      () => prompts.message('info', `Livepeer: private key of ${quoted(name)} also kept in VS Code’s secret storage. Sign Playback Token uses it.`, {}),
      (err: unknown) => reportError(prompts, `could not keep the private key of ${quoted(name)}`, err),
    );
  });
}

/** Proposes ~/.livepeer/<name>.pem (outside any workspace) and warns before a place git could commit; the path it saved to. */
async function savePem(prompts: Prompts, name: string, privateKey: string): Promise<string | undefined> {
  const folder = join(homedir(), '.livepeer');
  await mkdir(folder, { recursive: true, mode: 0o700 });
  for (;;) {
    const target = await prompts.saveDialog({
      title: 'Livepeer: Save Private Key',
      saveLabel: 'Save Private Key',
      defaultUri: vscode.Uri.file(join(folder, `${name.replace(/[^\w.-]+/g, '-')}.pem`)),
      filters: { 'PEM files': ['pem'] },
    });
    if (!target) return undefined;
    // Loaded on first use (its own bundle, esbuild.mjs): only saving a private key to a file asks git.
    const { gitExposure } = await import('./gitExposure.js');
    const exposure = await gitExposure(target.fsPath);
    if (exposure) {
      const choice = await prompts.confirm(
        `${target.fsPath} is inside a git work tree and not ignored: it could be committed.`,
        { detail: `Work tree: ${exposure}. Choose a place outside it, or add the file to .gitignore first.`, safeLabel: 'Choose Another Place' },
        'Save There Anyway',
      );
      if (choice !== 'Save There Anyway') continue;
    }
    await writePrivateFile(target.fsPath, Buffer.from(privateKey, 'base64'));
    return target.fsPath;
  }
}

async function confirmDiscard(prompts: Prompts): Promise<boolean> {
  const choice = await prompts.confirm(
    'Close without keeping the private key?',
    { detail: 'Livepeer Studio will not show it again; you would need a new key.', safeLabel: 'Go Back' },
    CLOSE_WITHOUT_KEEPING,
  );
  return choice === CLOSE_WITHOUT_KEEPING;
}
