import * as vscode from 'vscode';
import { studioDashboardUrl, type DashboardKind } from '../../api';
import type { Prompts } from './prompts';

/** Opens the resource's dashboard page in the browser; resolves the address opened. */
export async function openInStudio(prompts: Prompts, kind: DashboardKind, id: string): Promise<vscode.Uri> {
  const uri = vscode.Uri.parse(studioDashboardUrl(kind, id));
  await prompts.openExternal(uri);
  return uri;
}
