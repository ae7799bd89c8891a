import * as vscode from 'vscode';
import { targetHost, targetUrlProblem, type MultistreamTarget, type Stream } from '../../api';
import { addStreamTarget, targetProfiles } from '../../operations/addStreamTarget';
import { deleteTarget, streamsUsingTarget } from '../../operations/deleteTarget';
import { DELETE } from '../common/actions';
import { copyToClipboard } from '../common/commands';
import { quoted, shownName } from '../common/format';
import type { MultistreamDeps } from './targetDeps';
import { forgetTargets, listTargets, rememberHost } from './targetDirectory';
import { changeTarget, createTarget, removeTargetFromStream } from '../../operations/targetChanges';
import { OWNER_NOTE, StreamTargetItem, TargetItem } from './targetRows';

// The views load their rows through this module: one bundle, one copy of the row classes.
export { noTargetsRow, streamTargetRows, targetRow } from './targetRows';

const NEW_TARGET = 'new';

function done(text: string): void {
  vscode.window.setStatusBarMessage(vscode.l10n.t('Livepeer: {0}', text), 4000);
}

const nameOf = (target: MultistreamTarget | undefined, id = ''): string => quoted(shownName(target ?? { id }));

/** Reads the targets again and shows them in both views. */
async function refreshAll(deps: MultistreamDeps): Promise<void> {
  forgetTargets(deps.session.client());
  deps.targets.refresh();
  await deps.streams.refresh();
}

/**
 * The URL of a target, typed once into a password box: it holds the platform's stream key, so it
 * is never shown, kept, or put in a message; a wrong one is refused in words that do not repeat it.
 */
async function askUrl(deps: MultistreamDeps, title: string): Promise<string | undefined> {
  const url = await deps.prompts.input({
    title,
    prompt: vscode.l10n.t('Target URL with its stream key (rtmp://, rtmps:// or srt://), from the platform (YouTube, Twitch…). It is sent once and kept nowhere.'),
    password: true,
    ignoreFocusOut: true,
    validateInput: (value) => targetUrlProblem(value.trim()),
  });
  return url?.trim() || undefined;
}

async function askName(deps: MultistreamDeps, title: string, value: string | undefined): Promise<string | undefined> {
  return deps.prompts.input({
    title,
    prompt: vscode.l10n.t('Name of the target (what rows show)'),
    value,
    validateInput: (text) => (text.trim() ? undefined : vscode.l10n.t('Give the target a name.')),
  });
}

/** The target a command acts on: its row (in either view), or one picked from the account's. */
async function resolveTarget(deps: MultistreamDeps, arg: unknown, placeHolder: string, applies: (target: MultistreamTarget) => boolean = () => true): Promise<MultistreamTarget | undefined> {
  if (arg instanceof TargetItem) return arg.target;
  if (arg instanceof StreamTargetItem) return arg.target;
  const targets = (await listTargets(deps.session.client())).filter(applies);
  if (!targets.length) {
    deps.prompts.notify('info', vscode.l10n.t('Livepeer: no multistream target this applies to.'));
    return undefined;
  }
  const picked = await deps.prompts.pick(
    targets.map((target) => ({ label: shownName(target), description: target.disabled ? vscode.l10n.t('off') : vscode.l10n.t('on'), detail: target.id })),
    { placeHolder, matchOnDetail: true },
  );
  return targets.find((target) => target.id === picked?.detail);
}

async function create(deps: MultistreamDeps): Promise<void> {
  const title = vscode.l10n.t('Livepeer: Create Multistream Target');
  const url = await askUrl(deps, title);
  if (!url) return;
  const name = await askName(deps, title, targetHost(url));
  if (!name?.trim()) return;
  const { target, host } = await createTarget(deps.session.client(), { url, name });
  await rememberHost(deps.state, target.id, host);
  await refreshAll(deps);
  deps.prompts.notify('info', vscode.l10n.t('Livepeer: target {0} created. Add it to a stream with Add Target… on the stream. {1}', nameOf(target), OWNER_NOTE));
}

async function edit(deps: MultistreamDeps, arg: unknown): Promise<void> {
  const target = await resolveTarget(deps, arg, vscode.l10n.t('Select the target to edit'));
  if (!target) return;
  const title = vscode.l10n.t('Livepeer: Edit Target {0}', nameOf(target));
  const change = await deps.prompts.pick(
    [
      { label: vscode.l10n.t('Rename'), change: 'name' as const },
      { label: target.disabled ? vscode.l10n.t('Turn On') : vscode.l10n.t('Turn Off'), description: vscode.l10n.t('for every stream that uses it'), change: 'onOff' as const },
      { label: vscode.l10n.t('New URL…'), description: vscode.l10n.t('a new stream key or server; the old one is replaced'), change: 'url' as const },
    ],
    { title, placeHolder: vscode.l10n.t('What to change?') },
  );
  if (!change) return;
  const client = deps.session.client();
  if (change.change === 'onOff') return setDisabled(deps, target, !target.disabled);
  if (change.change === 'name') {
    // Offered blanked as the rows show it: a name holding the target's key never reappears.
    const current = target.name && shownName(target);
    const name = await askName(deps, title, current);
    if (!name?.trim() || name.trim() === current) return;
    await changeTarget(client, target.id, { name });
  } else {
    const url = await askUrl(deps, title);
    if (!url) return;
    await rememberHost(deps.state, target.id, (await changeTarget(client, target.id, { url })).host);
  }
  await refreshAll(deps);
  done(vscode.l10n.t('target {0} changed', nameOf(target)));
}

async function setDisabled(deps: MultistreamDeps, target: MultistreamTarget, disabled: boolean): Promise<void> {
  await changeTarget(deps.session.client(), target.id, { disabled });
  await refreshAll(deps);
  done(disabled ? vscode.l10n.t('target {0} off', nameOf(target)) : vscode.l10n.t('target {0} on', nameOf(target)));
}

/**
 * Deletes a target after saying which streams push to it: it is removed from them first, since the
 * service would leave them a reference that breaks their next change. Streams of the user's other
 * projects are out of this key's sight, which the question says.
 */
async function remove(deps: MultistreamDeps, arg: unknown): Promise<void> {
  const target = await resolveTarget(deps, arg, vscode.l10n.t('Select the target to delete'));
  if (!target) return;
  const client = deps.session.client();
  const users = await streamsUsingTarget(client, target.id);
  const names = users.map((stream) => quoted(shownName(stream))).join(', ');
  const detail = [
    users.length ? vscode.l10n.t('It is removed from the streams that use it first: {0}.', names) : vscode.l10n.t('No stream of this project uses it.'),
    vscode.l10n.t('Streams of your other projects cannot be seen with this profile\'s key: remove it from them in their profile first. This cannot be undone.'),
  ].join(' ');
  if ((await deps.prompts.confirm(vscode.l10n.t('Delete multistream target {0}?', nameOf(target)), { detail }, DELETE)) !== DELETE) return;
  await deleteTarget(client, target.id);
  await refreshAll(deps);
  done(vscode.l10n.t('target {0} deleted', nameOf(target)));
}

async function streamOf(deps: MultistreamDeps, arg: unknown): Promise<Stream | undefined> {
  if (arg instanceof StreamTargetItem) return arg.stream;
  return deps.streams.pickStream(arg, vscode.l10n.t('Select the stream to add a target to'));
}

async function addToStream(deps: MultistreamDeps, arg: unknown): Promise<void> {
  const stream = await streamOf(deps, arg);
  if (!stream) return;
  const client = deps.session.client();
  const title = vscode.l10n.t('Livepeer: Add Target to {0}', quoted(shownName(stream)));
  const existing = await listTargets(client);
  const which = await deps.prompts.pick(
    [
      { label: vscode.l10n.t('$(add) New Target…'), description: vscode.l10n.t('a YouTube, Twitch… URL with its key'), id: NEW_TARGET },
      ...existing.map((target) => ({ label: shownName(target), description: target.disabled ? vscode.l10n.t('off') : vscode.l10n.t('on'), id: target.id })),
    ],
    { title, placeHolder: vscode.l10n.t('Push this stream to which target?') },
  );
  if (!which) return;
  let url: string | undefined;
  let name: string | undefined;
  if (which.id === NEW_TARGET) {
    url = await askUrl(deps, title);
    if (!url) return;
    name = await askName(deps, title, targetHost(url));
    if (!name?.trim()) return;
  }
  const profile = await deps.prompts.pick(
    targetProfiles(stream).map((label) => ({ label, description: label === 'source' ? vscode.l10n.t('what the broadcaster sends, untranscoded') : undefined })),
    { title, placeHolder: vscode.l10n.t('Which rendition to push?') },
  );
  if (!profile) return;
  const video = await deps.prompts.pick(
    [
      { label: vscode.l10n.t('Video and audio'), videoOnly: false },
      { label: vscode.l10n.t('Video only'), description: vscode.l10n.t('no audio track is pushed'), videoOnly: true },
    ],
    { title, placeHolder: vscode.l10n.t('Push audio too?') },
  );
  if (!video) return;
  const added = await addStreamTarget(client, { streamId: stream.id, ...(url ? { url, name } : { targetId: which.id }), profile: profile.label, videoOnly: video.videoOnly });
  if (added.target) await rememberHost(deps.state, added.target.id, added.host);
  await refreshAll(deps);
  done(vscode.l10n.t('{0} now pushes to {1}', quoted(shownName(stream)), nameOf(added.target, which.id)));
}

async function removeFromStream(deps: MultistreamDeps, arg: unknown): Promise<void> {
  if (!(arg instanceof StreamTargetItem)) {
    deps.prompts.notify('info', vscode.l10n.t('Livepeer: run Remove from Stream on a target under a stream in the Streams view.'));
    return;
  }
  await removeTargetFromStream(deps.session.client(), arg.stream.id, arg.ref.id);
  await refreshAll(deps);
  done(vscode.l10n.t('{0} no longer pushes to {1}', quoted(shownName(arg.stream)), nameOf(arg.target, arg.ref.id)));
}

export async function runTargetCommand(name: string, deps: MultistreamDeps, arg: unknown): Promise<void> {
  switch (name) {
    case 'refresh':
      return refreshAll(deps);
    case 'create':
      return create(deps);
    case 'edit':
      return edit(deps, arg);
    case 'turnOn':
    case 'turnOff': {
      const disabled = name === 'turnOff';
      const target = await resolveTarget(deps, arg, disabled ? vscode.l10n.t('Select the target to turn off') : vscode.l10n.t('Select the target to turn on'), (t) => !!t.disabled !== disabled);
      return target && setDisabled(deps, target, disabled);
    }
    case 'delete':
      return remove(deps, arg);
    case 'addToStream':
      return addToStream(deps, arg);
    case 'removeFromStream':
      return removeFromStream(deps, arg);
    case 'copyId': {
      const target = await resolveTarget(deps, arg, vscode.l10n.t('Select the target whose ID to copy'));
      return target && copyToClipboard(target.id, vscode.l10n.t('Livepeer: target ID copied.'));
    }
  }
}
