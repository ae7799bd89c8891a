import * as vscode from 'vscode';
import { localTraceOf } from '../../operations/uploadTrace';
import { offeredWith, type OtherProfile, type ToolContext } from '../../tools/definition';
import { runTool } from '../../tools/runTool';
import { safeErrorText } from '../../tools/safeResult';
import { toolNamed } from '../../tools/table';
import { settings } from '../common/settings';
import { openFolders, uploadForTool } from './folderUpload';
import type { AssistantDeps } from './toolDeps';

/** The current profile and project, as a confirmation names them. */
function accountWords(deps: AssistantDeps): string {
  const profile = deps.session.profile;
  if (!profile) return vscode.l10n.t('no profile (nothing can be sent)');
  return profile.project
    ? vscode.l10n.t('profile “{0}”, project “{1}”', profile.name, profile.project.name)
    : vscode.l10n.t('profile “{0}” (its project is not known yet)', profile.name);
}

/** The message shown while a tool runs, and for a change in `ask` mode the confirmation naming the profile, its project and the change. */
export async function prepareTool(name: string, input: unknown, deps: AssistantDeps): Promise<vscode.PreparedToolInvocation | undefined> {
  const tool = toolNamed(name);
  if (!tool) return undefined;
  const invocationMessage = vscode.l10n.t('{0} ({1})', tool.displayName, accountWords(deps));
  if (tool.kind === 'read' || settings.assistantTools() !== 'ask' || !tool.describeChange) return { invocationMessage };
  let change: string;
  try {
    change = await tool.describeChange(input, { folders: openFolders });
  } catch {
    // The call will be refused for its input (or its file): nothing to confirm.
    return { invocationMessage };
  }
  return {
    invocationMessage,
    confirmationMessages: { title: tool.displayName, message: vscode.l10n.t('With the {0}: {1}. Allow this change to the account?', accountWords(deps), change) },
  };
}

/** The profile named `name` (not the current one) with its own client: its token goes only to its own service. */
async function otherProfile(deps: AssistantDeps, name: string): Promise<OtherProfile> {
  const { session } = deps;
  const all = session.profiles.all();
  const profile = all.find((candidate) => candidate.name.trim().toLowerCase() === name.trim().toLowerCase());
  if (!profile) throw new Error(vscode.l10n.t('no profile is named “{0}”: the profiles are {1}', name, all.map((candidate) => `“${candidate.name}”`).join(', ')));
  if (profile.id === session.profile?.id) throw new Error(vscode.l10n.t('“{0}” is the current profile: copy to another one', profile.name));
  await session.loaded();
  return { client: session.client(profile.id), account: { profile: profile.name, ...(profile.project ? { project: profile.project } : {}), baseUrl: profile.baseUrl } };
}

function contextOf(deps: AssistantDeps, signal: AbortSignal): ToolContext {
  const { session, privateKeys } = deps;
  return {
    client: session.client(),
    signal,
    async account() {
      const profile = session.profile;
      if (!profile) throw new Error(session.noProfileProblem());
      return { profile: profile.name, ...(profile.project ? { project: profile.project } : {}), baseUrl: profile.baseUrl };
    },
    secrets: () => session.profiles.all().flatMap((profile) => session.profiles.tokenOf(profile.id) ?? []),
    keptKey: (key) => privateKeys.get(key.id),
    keepKey: (key, privateKey) => privateKeys.store(key, privateKey),
    localUpload: (assetId) => localTraceOf(deps.uploads, assetId),
    folders: openFolders,
    uploadFile: (file, name) => uploadForTool(deps.uploads, session, file, name, signal),
    otherProfile: (name) => otherProfile(deps, name),
  };
}

function refusal(name: string): string | undefined {
  const tool = toolNamed(name);
  const mode = settings.assistantTools();
  if (!tool) return vscode.l10n.t('{0} is not a Livepeer tool', name);
  if (mode === 'off') return vscode.l10n.t('Livepeer tools for assistants are turned off (setting livepeer.assistantTools): nothing was done');
  if (mode === 'readOnly' && tool.kind === 'change') return vscode.l10n.t('Livepeer tools are read-only here (setting livepeer.assistantTools): {0} changes the account, so nothing was done', tool.name);
  return undefined;
}

/** Runs a tool for VS Code's chat: refused when the setting says so, else its answer (bounded, without secrets) as text. */
export async function invokeTool(name: string, input: unknown, token: vscode.CancellationToken, deps: AssistantDeps): Promise<vscode.LanguageModelToolResult> {
  const refused = refusal(name);
  const tool = toolNamed(name);
  let text: string;
  if (refused || !tool) text = refused ?? '';
  else {
    const aborts = new AbortController();
    const cancel = token.onCancellationRequested(() => aborts.abort());
    try {
      const context = contextOf(deps, aborts.signal);
      text = offeredWith(tool, context) ? (await runTool(tool, input, context)).text : vscode.l10n.t('{0} is not offered here', name);
    } catch (error) {
      // No profile: no client can be made (runTool answers every other failure).
      text = `${name} failed: ${safeErrorText(error, [])}`;
    } finally {
      cancel.dispose();
    }
  }
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}
