import * as vscode from 'vscode';
import type { AssetWatcher, Stream } from '../../api';
import type { JsonDetails } from '../common/jsonDetails';
import type { Prompts } from '../common/prompts';
import type { Account } from '../account/account';
import { quoted, shownName, timeAgo } from '../common/format';
import { StreamItem, liveWords, type StreamNode, type StreamsView } from './streamsView';

export type StreamArgument = StreamItem | Stream | undefined;

export interface StreamContext {
  session: Account;
  prompts: Prompts;
  view: StreamsView;
  treeView: vscode.TreeView<StreamNode>;
  details: JsonDetails<Stream>;
  /** Follows the clips this window makes, for the notification at their end. */
  watcher: AssetWatcher;
}

export const isLive = (stream: Stream): boolean => !!stream.isActive;
export const nameOf = (stream: Stream): string => quoted(shownName(stream));

/** A picker entry's state, as the row says it: "live 1h 20m" from the session start, or idle and when last seen. */
function pickerDescription(view: StreamsView, stream: Stream, now = Date.now()): string {
  if (stream.suspended) return vscode.l10n.t('suspended');
  if (isLive(stream)) return liveWords(view.liveSince(stream), now);
  const seen = timeAgo(stream.lastSeen, now);
  return seen ? vscode.l10n.t('idle · seen {0}', seen) : vscode.l10n.t('idle · never seen');
}

export interface PickerNote {
  /** Streams listed but that the action cannot change now, with the reason after their state. */
  refused: (stream: Stream) => boolean;
  why: string;
}

/**
 * The stream a command acts on: the row it was run on, or one picked from those it applies to
 * (child session objects never: no stream action applies to them). With `note`, streams the service
 * would refuse now are listed last with the reason, so the palette says why.
 */
export async function resolveStream(
  { prompts, view, session }: Pick<StreamContext, 'prompts' | 'view' | 'session'>,
  arg: StreamArgument,
  placeHolder: string,
  applies: (stream: Stream) => boolean = () => true,
  note?: PickerNote,
): Promise<Stream | undefined> {
  if (arg instanceof StreamItem) return session.own(arg.stream);
  if (arg?.id) return session.own(arg);
  const loaded = view.streams.length ? view.streams : await view.loadAllForPicker();
  const streams = loaded.filter(applies);
  if (!streams.length) {
    prompts.notify('info', vscode.l10n.t('Livepeer: no stream this applies to.'));
    return undefined;
  }
  const refused = (stream: Stream) => !!note?.refused(stream);
  const ordered = [...streams.filter((s) => !refused(s)), ...streams.filter(refused)];
  // Items carry the id only: a listed stream holds its stream key, which no prompt may carry.
  const picked = await prompts.pick(
    ordered.map((stream) => ({
      label: shownName(stream),
      description: [pickerDescription(view, stream), refused(stream) ? note?.why : undefined].filter(Boolean).join(' · '),
      detail: stream.id,
    })),
    { placeHolder, matchOnDetail: true },
  );
  return ordered.find((stream) => stream.id === picked?.detail);
}
