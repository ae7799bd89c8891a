import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { CreatedSigningKey } from '../../api';
import { reportError } from '../common/errorReporting';
import type { Prompts } from '../common/prompts';
import { gitExposure } from './gitExposure';
import { writePrivateFile } from './privateFile';
import type { PrivateKeys } from './privateKeys';
import { quoted } from '../common/format';
import { CLOSE_WITHOUT_KEEPING, COPY_PRIVATE_KEY as COPY, KEEP_IN_SECRET_STORAGE as KEEP, KEEP_TOO, SAVE_THERE_ANYWAY, SAVE_TO_FILE as SAVE } from '../common/actions';

/**
 * Hands out a new key's private key, the one time the service returns it: copy it, save it to a
 * file (0600, outside the workspace by default) or keep it in VS Code's secret storage. Not kept
 * unless the person says so; one choice finishes the dialog, and after a copy or a save its message
 * offers to keep it in VS Code too (someone who came from the player needs it here as well).
 */
export async function handOutPrivateKey(prompts: Prompts, privateKeys: PrivateKeys, key: CreatedSigningKey): Promise<void> {
  if (!key.privateKey) return;
  const name = key.name || vscode.l10n.t('the new key');
  for (;;) {
    const choice = await prompts.message(
      'warning',
      vscode.l10n.t('Signing key {0} created. Keep its private key now: it cannot be shown again.', quoted(name)),
      {
        modal: true,
        detail: vscode.l10n.t(
          'Copy puts the base64 value that Livepeer SDKs expect on the clipboard; Save writes it as a PEM file readable only by you; Secret Storage keeps it in VS Code (the OS keychain on desktop) to sign playback tokens here. Otherwise the extension keeps no copy.',
        ),
      },
      COPY,
      SAVE,
      KEEP,
    );
    if (choice === COPY) {
      await vscode.env.clipboard.writeText(key.privateKey);
      offerToKeepToo(prompts, privateKeys, key, key.privateKey, vscode.l10n.t('Livepeer: private key of {0} copied. Paste it where your player signs tokens; it will not be shown again.', quoted(name)));
      return;
    }
    if (choice === SAVE) {
      const saved = await savePem(prompts, name, key.privateKey);
      if (saved) return offerToKeepToo(prompts, privateKeys, key, key.privateKey, vscode.l10n.t('Livepeer: private key saved to {0} (readable only by you).', saved));
    } else if (choice === KEEP) {
      await privateKeys.store(key, key.privateKey);
      prompts.notify('info', vscode.l10n.t('Livepeer: private key of {0} kept in VS Code’s secret storage. Sign Playback Token uses it.', quoted(name)));
      return;
    } else if (await confirmDiscard(prompts)) {
      return;
    }
  }
}

/** The message after a copy or a save, with an action that also keeps the key in secret storage. */
function offerToKeepToo(prompts: Prompts, privateKeys: PrivateKeys, key: CreatedSigningKey, privateKey: string, message: string): void {
  const name = key.name || vscode.l10n.t('the new key');
  void prompts.message('info', message, {}, KEEP_TOO).then(async (action) => {
    if (action !== KEEP_TOO) return;
    await privateKeys.store(key, privateKey).then(
      () => prompts.message('info', vscode.l10n.t('Livepeer: private key of {0} also kept in VS Code’s secret storage. Sign Playback Token uses it.', quoted(name)), {}),
      (err: unknown) => reportError(prompts, (reason) => vscode.l10n.t('Livepeer: could not keep the private key of {0}: {1}', quoted(name), reason), err),
    );
  });
}

/** Proposes ~/.livepeer/<name>.pem (outside any workspace) and warns before a place git could commit; the path it saved to. */
async function savePem(prompts: Prompts, name: string, privateKey: string): Promise<string | undefined> {
  const folder = join(homedir(), '.livepeer');
  await mkdir(folder, { recursive: true, mode: 0o700 });
  for (;;) {
    const target = await prompts.saveDialog({
      title: vscode.l10n.t('Livepeer: Save Private Key'),
      saveLabel: vscode.l10n.t('Save Private Key'),
      defaultUri: vscode.Uri.file(join(folder, `${name.replace(/[^\w.-]+/g, '-')}.pem`)),
      filters: { [vscode.l10n.t('PEM files')]: ['pem'] },
    });
    if (!target) return undefined;
    const exposure = await gitExposure(target.fsPath);
    if (exposure) {
      const choice = await prompts.confirm(
        vscode.l10n.t('{0} is inside a git work tree and not ignored: it could be committed.', target.fsPath),
        { detail: vscode.l10n.t('Work tree: {0}. Choose a place outside it, or add the file to .gitignore first.', exposure), safeLabel: vscode.l10n.t('Choose Another Place') },
        SAVE_THERE_ANYWAY,
      );
      if (choice !== SAVE_THERE_ANYWAY) continue;
    }
    await writePrivateFile(target.fsPath, Buffer.from(privateKey, 'base64'));
    return target.fsPath;
  }
}

async function confirmDiscard(prompts: Prompts): Promise<boolean> {
  const choice = await prompts.confirm(
    vscode.l10n.t('Close without keeping the private key?'),
    { detail: vscode.l10n.t('Livepeer Studio will not show it again; you would need a new key.'), safeLabel: vscode.l10n.t('Go Back') },
    CLOSE_WITHOUT_KEEPING,
  );
  return choice === CLOSE_WITHOUT_KEEPING;
}
