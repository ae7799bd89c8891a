import * as vscode from 'vscode';
import type { RenditionProfile, Stream } from '../../api';
import { editStream, type StreamEdit } from '../../operations/editStream';
import { LADDER_PRESETS } from '../../operations/renditionLadder';
import { nameOf, resolveStream, type StreamArgument, type StreamContext } from './streamPicker';

type Rung = vscode.QuickPickItem & { profile: RenditionProfile };

/** "1280×720 · 3 Mbit/s · 30 fps" */
function rungWords(profile: RenditionProfile): string {
  const size = `${profile.width}×${profile.height}`;
  const rate = profile.bitrate >= 1_000_000 ? vscode.l10n.t('{0} Mbit/s', profile.bitrate / 1_000_000) : vscode.l10n.t('{0} kbit/s', Math.round(profile.bitrate / 1000));
  return profile.fps ? vscode.l10n.t('{0} · {1} · {2} fps', size, rate, profile.fps) : `${size} · ${rate}`;
}

/** The presets and the stream's own rungs (kept as they are), the current ones ticked. */
function rungChoices(current: readonly RenditionProfile[], offered: readonly RenditionProfile[]): Rung[] {
  const byName = new Map(offered.map((profile) => [profile.name, profile]));
  for (const profile of current) byName.set(profile.name, profile);
  const ticked = new Set(current.map((profile) => profile.name));
  return [...byName.values()]
    .sort((a, b) => a.height - b.height || a.bitrate - b.bitrate)
    .map((profile) => ({ label: profile.name, description: rungWords(profile), picked: ticked.has(profile.name), profile }));
}

/** The rendition ladder, from the presets and the `current` rungs (ticked): Edit Stream… and Create Stream ask it alike. */
export async function askLadder(ctx: Pick<StreamContext, 'prompts'>, current: readonly RenditionProfile[], title: string): Promise<RenditionProfile[] | undefined> {
  const picked = await ctx.prompts.pickMany(rungChoices(current, LADDER_PRESETS), {
    title,
    placeHolder: vscode.l10n.t('Renditions viewers can switch between (none: only the source is played)'),
  });
  return picked?.map((rung) => rung.profile);
}

async function askRecording(ctx: StreamContext, stream: Stream, title: string): Promise<RenditionProfile[] | undefined> {
  const kept = stream.recordingSpec?.profiles ?? stream.profiles ?? [];
  const picked = await ctx.prompts.pickMany(rungChoices(kept, stream.profiles ?? []), {
    title,
    placeHolder: vscode.l10n.t('Renditions each recording keeps'),
  });
  return picked?.map((rung) => rung.profile);
}

/** Edit Stream…: the name, the rendition ladder (presets 240p–1080p) or the renditions recordings keep. */
export async function editStreamCommand(ctx: StreamContext, arg: StreamArgument): Promise<void> {
  const stream = await resolveStream(ctx, arg, vscode.l10n.t('Select the stream to edit'));
  if (!stream) return;
  const current = await ctx.session.client().streams.get(stream.id);
  const title = vscode.l10n.t('Livepeer: Edit Stream {0}', nameOf(current));
  const ladder = (current.profiles ?? []).map((profile) => profile.name).join(', ') || vscode.l10n.t('source only');
  const choice = await ctx.prompts.pick(
    [
      { label: vscode.l10n.t('Rename'), change: 'name' as const },
      {
        label: vscode.l10n.t('Renditions…'),
        description: current.isActive ? vscode.l10n.t('live: renditions can change once the broadcast ends') : ladder,
        change: 'profiles' as const,
      },
      {
        label: vscode.l10n.t('Recording Renditions…'),
        description: current.record ? vscode.l10n.t('which renditions recordings keep') : vscode.l10n.t('turn recording on first'),
        change: 'recording' as const,
      },
    ],
    { title, placeHolder: vscode.l10n.t('What to change?') },
  );
  if (!choice) return;
  let edit: StreamEdit;
  if (choice.change === 'name') {
    const name = await ctx.prompts.input({ title, prompt: vscode.l10n.t('New name of the stream'), value: current.name, validateInput: (v) => (v.trim() ? undefined : vscode.l10n.t('Give the stream a name.')) });
    if (!name?.trim() || name.trim() === current.name) return;
    edit = { name };
  } else if (choice.change === 'profiles') {
    const profiles = await askLadder(ctx, current.profiles ?? [], title);
    if (!profiles) return;
    edit = { profiles };
  } else {
    const recordingProfiles = await askRecording(ctx, current, title);
    if (!recordingProfiles) return;
    edit = { recordingProfiles };
  }
  await editStream(ctx.session.client(), current, edit);
  await ctx.view.refresh();
  vscode.window.setStatusBarMessage(vscode.l10n.t('Livepeer: {0} changed', nameOf(current)), 4000);
}
