import * as vscode from 'vscode';
import { isLoopbackHost, taskKind, type Asset, type Task, type TaskKind, type TaskQuery } from '../../api';
import { importFromUrl, importUrlProblem } from '../../operations/importFromUrl';
import { retryAsset, retryTask, untilRetryStarts, type RetryAnswer } from '../../operations/retryProcessing';
import { localTraceOf } from '../../operations/uploadTrace';
import { whyNotReady, type NotReadyAnswer } from '../../operations/whyNotReady';
import { COMMANDS } from '../common/commandIds';
import { reportError } from '../common/errorReporting';
import { refusalSentence } from '../../tools/refusalWords';
import { followToEnd, forgetEnd } from '../common/taskEnd';
import { phaseText, quoted, shownName } from '../common/format';
import type { TaskFeatureDeps } from './taskDeps';
import type { TasksView } from './tasksView';

// Loaded at the first Import from URL, Why Is This Not Ready? or Retry (see registerTasks.ts).

const SIGNED = 'jwt' as const;

/** A URL the command was given (a string argument) or the one selected in the active editor. */
function givenUrl(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg.trim();
  const editor = vscode.window.activeTextEditor;
  const selected = editor && !editor.selection.isEmpty ? editor.document.getText(editor.selection).trim() : '';
  return /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(selected) ? selected : undefined;
}

/** A name from the URL's last path segment, without its extension. */
function nameFromUrl(url: string): string {
  try {
    const last = decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).pop() ?? '');
    return last.replace(/\.[a-z0-9]{2,5}$/i, '') || new URL(url).hostname;
  } catch {
    return '';
  }
}

export async function importFromUrlCommand(deps: TaskFeatureDeps, arg: unknown): Promise<void> {
  const { session, prompts } = deps;
  try {
    await session.loaded();
    const client = session.client();
    const serviceIsLocal = isLoopbackHost(new URL(client.http.baseUrl).hostname);
    const url = await prompts.inputChecked(
      {
        title: vscode.l10n.t('Livepeer: Import Video from URL'),
        prompt: vscode.l10n.t('Address of the video: http(s)://, ipfs:// or ar://. Livepeer fetches it from its own servers.'),
        value: givenUrl(arg),
        placeHolder: vscode.l10n.t('https://example.com/video.mp4'),
      },
      async (value) => {
        const problem = importUrlProblem(value, serviceIsLocal);
        return problem && refusalSentence(problem);
      },
    );
    if (!url) return;
    const name = await prompts.input({
      title: vscode.l10n.t('Livepeer: Import Video from URL'),
      prompt: vscode.l10n.t('Asset name'),
      value: nameFromUrl(url),
      validateInput: (value) => (value.trim() ? undefined : vscode.l10n.t('The name cannot be empty')),
    });
    if (!name?.trim()) return;
    const playback = await prompts.pick(
      [
        { label: vscode.l10n.t('Public'), detail: vscode.l10n.t('Anyone with the playback URL can watch'), value: 'public' as const },
        { label: vscode.l10n.t('Signed'), detail: vscode.l10n.t('Viewers need a token signed with one of your signing keys'), value: SIGNED },
      ],
      { title: vscode.l10n.t('Livepeer: Who May Watch?') },
    );
    if (!playback) return;
    const answer = await importFromUrl(client, { name, url, playback: playback.value });
    deps.assets.show(answer.asset);
    followToEnd({ ...deps, onSettled: (fresh) => deps.assets.show(fresh) }, 'import', answer.asset);
    const shown = quoted(shownName(answer.asset));
    if (answer.existing) prompts.notify('info', vscode.l10n.t('Livepeer: this URL is already being imported, as {0}: that import goes on.', shown));
    else vscode.window.setStatusBarMessage(vscode.l10n.t('Livepeer: importing {0}; the Assets view follows it.', shown), 5000);
    await vscode.commands.executeCommand(COMMANDS.assets.reveal, answer.asset.id);
  } catch (error) {
    reportError(prompts, (reason) => vscode.l10n.t('Livepeer: importing the video: {0}', reason), error);
  }
}

/** The asset given (a row, an asset, an id) or, from the palette, one of the loaded assets that is not ready. */
async function assetOf(deps: TaskFeatureDeps, arg: unknown, placeHolder: string, only: (asset: Asset) => boolean): Promise<Asset | undefined> {
  const row = deps.assets.assetOf(arg);
  if (row) return row;
  if (typeof arg === 'string' && arg) return deps.session.client().assets.get(arg);
  if (arg && typeof arg === 'object' && typeof (arg as Asset).id === 'string') return arg as Asset;
  const candidates = deps.assets.listed().filter(only);
  if (!candidates.length) {
    deps.prompts.notify('info', vscode.l10n.t('Livepeer: every loaded asset is ready.'));
    return undefined;
  }
  const picked = await deps.prompts.pick(
    candidates.map((asset) => ({ label: shownName(asset), description: phaseText(asset), detail: asset.id, asset })),
    { placeHolder, matchOnDetail: true },
  );
  return picked?.asset;
}

const notReady = (asset: Asset) => asset.status?.phase !== 'ready';

/** The answer as a read-only document: where it stands, what to do, then what was found. */
export function whyLines(answer: NotReadyAnswer): string[] {
  return [
    `**${answer.summary}**`,
    '',
    `Next: ${answer.next}`,
    '',
    '## What was found',
    '',
    ...answer.facts.map((fact) => `- ${fact}`),
    '',
    `Asset ID: ${answer.assetId}${answer.taskId ? ` · Task ID: ${answer.taskId}` : ''} · asked ${new Date().toLocaleTimeString()}`,
  ];
}

export async function whyNotReadyCommand(deps: TaskFeatureDeps, arg: unknown): Promise<NotReadyAnswer | undefined> {
  try {
    const asset = await assetOf(deps, arg, vscode.l10n.t('Select the asset to explain'), notReady);
    if (!asset) return undefined;
    const client = deps.session.client();
    const answer = await whyNotReady(client, { assetId: asset.id, local: await localTraceOf(deps.uploads, asset.id) });
    await deps.results.show(vscode.l10n.t('Why is {0} not ready?', quoted(answer.name || answer.assetId)), whyLines(answer));
    return answer;
  } catch (error) {
    reportError(deps.prompts, (reason) => vscode.l10n.t('Livepeer: explaining why the asset is not ready: {0}', reason), error);
    return undefined;
  }
}

export async function retryAssetCommand(deps: TaskFeatureDeps, arg: unknown): Promise<void> {
  try {
    const asset = await assetOf(deps, arg, vscode.l10n.t('Select the failed asset to process again'), (a) => a.status?.phase === 'failed');
    if (!asset) return;
    await followRetry(deps, await retryAsset(deps.session.client(), asset.id), shownName(asset));
  } catch (error) {
    reportError(deps.prompts, (reason) => vscode.l10n.t('Livepeer: retrying the asset: {0}', reason), error);
  }
}

/**
 * Says the retry was accepted and shows its task in the Tasks view (`waiting` again); once the
 * service runs it (the asset is `failed` until then), the asset's row and its end follow, said
 * once more whether ready or failed again.
 */
async function followRetry(deps: TaskFeatureDeps, answer: RetryAnswer, name: string): Promise<void> {
  deps.prompts.notify('info', vscode.l10n.t('Livepeer: {0} retried; the Tasks view follows it.', quoted(name)));
  await vscode.commands.executeCommand(COMMANDS.tasks.refresh);
  const { task, assetId } = answer;
  const origin = task && taskKind(task);
  if (!task || !assetId || (origin !== 'upload' && origin !== 'import' && origin !== 'clip')) return;
  const client = deps.session.client();
  const sameProfile = deps.session.sameProfile();
  void (async () => {
    const asset = await untilRetryStarts(client, task.id, assetId);
    if (!asset || !sameProfile()) return;
    deps.assets.show(asset);
    forgetEnd(asset.id);
    followToEnd({ ...deps, onSettled: (fresh) => deps.assets.show(fresh) }, origin, asset);
  })().catch((error: unknown) => reportError(deps.prompts, (reason) => vscode.l10n.t('Livepeer: following the retried task: {0}', reason), error));
}

const PHASES = ['pending', 'waiting', 'running', 'completed', 'failed', 'cancelled'];
const KINDS: TaskKind[] = ['upload', 'import', 'clip', 'transcode', 'export'];

/** Filter Tasks…: a phase, then a kind (each may be All); shown in the view's description. */
export async function filterTasksCommand(deps: TaskFeatureDeps, view: TasksView, treeView: vscode.TreeView<unknown>): Promise<void> {
  const all = vscode.l10n.t('All');
  // Each choice carries its value (undefined: All), not told apart by its label.
  const phase = await deps.prompts.pick([undefined, ...PHASES].map((value) => ({ label: value ?? all, value, picked: value === view.query.phase })), { title: vscode.l10n.t('Livepeer: Filter Tasks by Phase') });
  if (!phase) return;
  const kind = await deps.prompts.pick([undefined, ...KINDS].map((value) => ({ label: value ?? all, value })), { title: vscode.l10n.t('Livepeer: Filter Tasks by Kind') });
  if (!kind) return;
  const query: TaskQuery = { ...(phase.value ? { phase: phase.value } : {}), ...(kind.value ? { kind: kind.value } : {}) };
  treeView.description = [query.phase, query.kind].filter(Boolean).join(' · ') || undefined;
  view.refresh(query);
}

/** Retry Task on a failed (or cancelled) task: the service runs it again from `waiting`, and this window follows it. */
export async function retryTaskCommand(deps: TaskFeatureDeps, arg: unknown): Promise<void> {
  const task = (arg as { task?: Task } | undefined)?.task;
  if (!task) return;
  try {
    const answer = await retryTask(deps.session.client(), task.id);
    const listed = deps.assets.listed().find((asset) => asset.id === task.outputAssetId);
    const name = listed ? shownName(listed) : task.outputAssetId || task.id;
    await followRetry(deps, answer, name);
  } catch (error) {
    reportError(deps.prompts, (reason) => vscode.l10n.t('Livepeer: retrying the task: {0}', reason), error);
  }
}

/** Play on a completed task's row: reads the output asset for its playback id, then opens the player. */
export async function playTaskCommand(deps: TaskFeatureDeps, arg: unknown): Promise<void> {
  const assetId = (arg as { task?: Task } | undefined)?.task?.outputAssetId;
  if (!assetId) return;
  try {
    const asset = await deps.session.client().assets.get(assetId);
    if (asset.status?.phase !== 'ready' || !asset.playbackId) {
      deps.prompts.notify('info', vscode.l10n.t('Livepeer: {0} is not ready to play ({1}).', quoted(shownName(asset)), phaseText(asset)));
      return;
    }
    await vscode.commands.executeCommand(COMMANDS.player.play, asset.playbackId);
  } catch (error) {
    reportError(deps.prompts, (reason) => vscode.l10n.t('Livepeer: playing the task’s asset: {0}', reason), error);
  }
}

/**
 * Notify When It Ends, on a running upload, import or clip of another machine (or one this window no
 * longer follows): the same single notice as for this machine's own, since the person asked for it.
 */
export async function notifyTaskEndCommand(deps: TaskFeatureDeps, arg: unknown): Promise<void> {
  const task = (arg as { task?: Task } | undefined)?.task;
  const kind = task && taskKind(task);
  if (!task?.outputAssetId || (kind !== 'upload' && kind !== 'import' && kind !== 'clip')) return;
  try {
    const asset = await deps.session.client().assets.get(task.outputAssetId);
    followToEnd({ ...deps, onSettled: (fresh) => deps.assets.show(fresh) }, kind, asset);
    vscode.window.setStatusBarMessage(vscode.l10n.t('$(bell) Livepeer: you will be told when {0} ends', quoted(shownName(asset))), 5000);
  } catch (error) {
    reportError(deps.prompts, (reason) => vscode.l10n.t('Livepeer: following the task: {0}', reason), error);
  }
}
