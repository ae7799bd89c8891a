import * as vscode from 'vscode';
import type { CreatedSigningKey } from '../../api';
import type { Prompts } from '../prompts';

const COPY = 'Copy Private Key';
const SAVE = 'Save to File…';
const DONE = 'Done';

/**
 * Hands out a new key's private key, the one time the service returns it. The extension keeps no copy:
 * it lives in this function's memory until the person copies or saves it and closes the dialog.
 */
export async function handOutPrivateKey(prompts: Prompts, key: CreatedSigningKey): Promise<void> {
  if (!key.privateKey) return;
  const name = key.name || 'the new key';
  let kept = false;
  for (;;) {
    const choice = await prompts.message(
      'warning',
      `Signing key “${name}” created. Keep its private key now: it cannot be shown again.`,
      {
        modal: true,
        detail: 'Copy puts the base64 value that Livepeer SDKs expect on the clipboard; Save writes it as a PEM file. The extension does not store it.',
      },
      COPY,
      SAVE,
      ...(kept ? [DONE] : []),
    );
    if (choice === COPY) {
      await vscode.env.clipboard.writeText(key.privateKey);
      kept = true;
    } else if (choice === SAVE) {
      kept = (await savePem(prompts, name, key.privateKey)) || kept;
    } else if (kept || (await confirmDiscard(prompts))) {
      return;
    }
  }
}

async function savePem(prompts: Prompts, name: string, privateKey: string): Promise<boolean> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const fileName = `${name.replace(/[^\w.-]+/g, '-')}.private.pem`;
  const target = await prompts.saveDialog({
    title: 'Save Private Key',
    saveLabel: 'Save Private Key',
    defaultUri: folder ? vscode.Uri.joinPath(folder, fileName) : undefined,
    filters: { 'PEM files': ['pem'] },
  });
  if (!target) return false;
  await vscode.workspace.fs.writeFile(target, Buffer.from(privateKey, 'base64'));
  void prompts.message('info', `Livepeer: private key saved to ${target.fsPath}. Keep it out of version control.`, {});
  return true;
}

async function confirmDiscard(prompts: Prompts): Promise<boolean> {
  const choice = await prompts.message(
    'warning',
    'Close without keeping the private key?',
    { modal: true, detail: 'Livepeer Studio will not show it again; you would need a new key.' },
    'Close Without Keeping',
  );
  return choice === 'Close Without Keeping';
}
