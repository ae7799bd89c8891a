import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { CreatedSigningKey } from '../../api';
import type { Prompts } from '../common/prompts';
import { writePrivateFile } from './privateFile';
import { gitExposure } from './gitExposure';
import type { PrivateKeys } from './privateKeys';

const COPY = 'Copy Private Key';
const SAVE = 'Save to File…';
const KEEP = 'Keep in VS Code’s Secret Storage';

/**
 * Hands out a new key's private key, the one time the service returns it: copy it, save it to a
 * file (0600, outside the workspace by default) or keep it in VS Code's secret storage. Not kept
 * unless the person says so; one choice finishes the dialog.
 */
export async function handOutPrivateKey(prompts: Prompts, privateKeys: PrivateKeys, key: CreatedSigningKey): Promise<void> {
  if (!key.privateKey) return;
  const name = key.name || 'the new key';
  for (;;) {
    const choice = await prompts.message(
      'warning',
      `Signing key “${name}” created. Keep its private key now: it cannot be shown again.`,
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
      void prompts.message('info', `Livepeer: private key of “${name}” copied. Paste it where your player signs tokens; it will not be shown again.`, {});
      return;
    }
    if (choice === SAVE) {
      if (await savePem(prompts, name, key.privateKey)) return;
    } else if (choice === KEEP) {
      await privateKeys.store(key, key.privateKey);
      void prompts.message('info', `Livepeer: private key of “${name}” kept in VS Code’s secret storage. Sign Playback Token uses it.`, {});
      return;
    } else if (await confirmDiscard(prompts)) {
      return;
    }
  }
}

/** Proposes ~/.livepeer/<name>.pem (outside any workspace) and warns before a place git could commit. */
async function savePem(prompts: Prompts, name: string, privateKey: string): Promise<boolean> {
  const folder = join(homedir(), '.livepeer');
  await mkdir(folder, { recursive: true, mode: 0o700 });
  for (;;) {
    const target = await prompts.saveDialog({
      title: 'Livepeer: Save Private Key',
      saveLabel: 'Save Private Key',
      defaultUri: vscode.Uri.file(join(folder, `${name.replace(/[^\w.-]+/g, '-')}.pem`)),
      filters: { 'PEM files': ['pem'] },
    });
    if (!target) return false;
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
    void prompts.message('info', `Livepeer: private key saved to ${target.fsPath} (readable only by you).`, {});
    return true;
  }
}

async function confirmDiscard(prompts: Prompts): Promise<boolean> {
  const choice = await prompts.confirm(
    'Close without keeping the private key?',
    { detail: 'Livepeer Studio will not show it again; you would need a new key.', safeLabel: 'Go Back' },
    'Close Without Keeping',
  );
  return choice === 'Close Without Keeping';
}
