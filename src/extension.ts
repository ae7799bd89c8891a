import * as vscode from 'vscode';
import { activateAssets, type AssetsView } from './ui/assets';
import { registerKeyCommands } from './ui/keys/keyCommands';
import { registerPlaybackCommands } from './ui/keys/playbackCommands';
import { PrivateKeys } from './ui/keys/privateKeys';
import { Rotations } from './ui/keys/rotations';
import { SigningKeysView } from './ui/keys/signingKeysView';
import { registerLoadErrorCommands } from './ui/messageItem';
import { Prompts } from './ui/prompts';
import { Session } from './ui/session';
import { registerStreamCommands } from './ui/streams/streamCommands';
import { StreamFilters } from './ui/streams/streamFilters';
import { StreamsView, type StreamNode } from './ui/streams/streamsView';
import { registerTokenCommands } from './ui/tokenCommands';
import { TokenStore } from './ui/token';
import { activateUploads, createUploads, type Uploads, type UploadsDeps } from './ui/uploads';
import type { UploadStatusBar } from './ui/uploads/uploadStatusBar';

/** What activate() returns: the live objects the extension-host tests inspect and drive. */
export interface LivepeerApi {
  prompts: Prompts;
  session: Session;
  signingKeys: SigningKeysView;
  streams: StreamsView;
  streamsTree: vscode.TreeView<StreamNode>;
  uploads: Uploads;
  uploadStatusBar: UploadStatusBar;
  assets: AssetsView;
  assetsTree: vscode.TreeView<unknown>;
  /** Another upload state over the same globalState, as the next window would build it (the caller disposes it). */
  createUploads(options?: Pick<UploadsDeps, 'retryDelaysMs'>): Uploads;
  logUri: vscode.Uri;
}

/**
 * Builds the views and commands and returns at once: nothing here waits for the window, the service
 * or the disk. The token is read once, meanwhile; the views wait for that read before their first request.
 */
export function activate(context: vscode.ExtensionContext): LivepeerApi {
  const started = performance.now();
  const log = vscode.window.createOutputChannel('Livepeer', { log: true });
  const tokens = new TokenStore(context.secrets);
  void tokens.loaded();
  const userAgent = `livepeer-studio-vscode/${context.extension.packageJSON.version} vscode/${vscode.version}`;
  const session = new Session(tokens, log, userAgent);
  const prompts = new Prompts();

  const signingKeys = new SigningKeysView(session, prompts, new Rotations(context.globalState), new PrivateKeys(context.secrets, context.globalState));
  const filters = new StreamFilters(context.workspaceState);
  const streams = new StreamsView(session, prompts, filters);
  const uploadsDeps: UploadsDeps = { session, prompts, storage: context.globalState, log };
  const uploads = activateUploads(uploadsDeps);
  const streamsTree = vscode.window.createTreeView('livepeer.streams', { treeDataProvider: streams, showCollapseAll: true });
  const assets = activateAssets(session, prompts, context.workspaceState);

  context.subscriptions.push(
    log,
    tokens,
    session,
    signingKeys,
    filters,
    streams,
    streamsTree,
    vscode.window.createTreeView('livepeer.signingKeys', { treeDataProvider: signingKeys }),
    vscode.commands.registerCommand('livepeer.showLog', () => log.show()),
    ...registerTokenCommands(session, prompts),
    ...registerKeyCommands({ session, prompts, view: signingKeys }),
    ...registerPlaybackCommands({ session, prompts, view: signingKeys }),
    ...registerStreamCommands(session, prompts, streams, streamsTree),
    ...registerLoadErrorCommands(),
    ...uploads.disposables,
    ...assets.disposables,
    uploads.uploads.onDidCreateAsset((asset) => assets.view.addOrUpdate(asset)),
  );
  // The filter context keys only drive the menus' check marks: activation does not wait for them.
  void filters.publishContext();
  log.info(`activated in ${Math.round(performance.now() - started)} ms`);
  return {
    prompts,
    session,
    signingKeys,
    streams,
    streamsTree,
    uploads: uploads.uploads,
    uploadStatusBar: uploads.statusBar,
    assets: assets.view,
    assetsTree: assets.treeView,
    createUploads: (options) => createUploads({ ...uploadsDeps, ...options }),
    logUri: context.logUri,
  };
}
