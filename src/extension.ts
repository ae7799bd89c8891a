import * as vscode from 'vscode';
import { AssetWatcher } from './api';
import { activateAssets, type AssetsView } from './ui/assets/activateAssets';
import { registerKeyCommands } from './ui/keys/keyCommands';
import { registerPlaybackCommands } from './ui/keys/playbackCommands';
import { PrivateKeys } from './ui/keys/privateKeys';
import { Rotations } from './ui/keys/rotations';
import { SigningKeysView } from './ui/keys/signingKeysView';
import { registerLoadErrorCommands } from './ui/common/messageItem';
import { activatePlayer, type PlayerPanel } from './ui/player/activatePlayer';
import { Prompts } from './ui/common/prompts';
import { ResultDocuments } from './ui/common/resultDocuments';
import { Account } from './ui/account/account';
import { registerStreamCommands } from './ui/streams/streamCommands';
import { StreamFilters } from './ui/streams/streamFilters';
import { StreamsView, type StreamNode } from './ui/streams/streamsView';
import { registerTokenCommands } from './ui/account/tokenCommands';
import { followNetworkSettings } from './ui/common/networkSettings';
import { AccountProfiles } from './ui/profiles/accountProfiles';
import { registerProfileCommands } from './ui/profiles/profileCommands';
import { repairProfileNames } from './ui/profiles/profileNameRepair';
import { ProfileStatusBar } from './ui/profiles/profileStatusBar';
import { activateUploads, createUploads, type Uploads, type UploadsDeps } from './ui/uploads/activateUploads';
import { tickUploadStep } from './ui/uploads/uploadContextKeys';
import { activateWebhooks, type WebhookNode, type WebhooksView } from './ui/webhooks/activateWebhooks';
import type { UploadStatusBar } from './ui/uploads/uploadStatusBar';

/** What activate() returns: the live objects the extension-host tests inspect and drive. */
export interface LivepeerApi {
  prompts: Prompts;
  session: Account;
  profiles: AccountProfiles;
  profileStatusBar: ProfileStatusBar;
  signingKeys: SigningKeysView;
  streams: StreamsView;
  streamsTree: vscode.TreeView<StreamNode>;
  uploads: Uploads;
  uploadStatusBar: UploadStatusBar;
  assets: AssetsView;
  assetsTree: vscode.TreeView<unknown>;
  webhooks: WebhooksView;
  webhooksTree: vscode.TreeView<WebhookNode>;
  player: PlayerPanel;
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
  // Before anything can send a request.
  const network = followNetworkSettings();
  const profiles = new AccountProfiles(context.secrets, context.globalState);
  const prompts = new Prompts();
  const userAgent = `livepeer-studio-vscode/${context.extension.packageJSON.version} vscode/${vscode.version}`;
  const session = new Account(profiles, log, userAgent);
  void loadProfiles(session, context.globalState, prompts);
  const results = new ResultDocuments();

  const rotations = new Rotations(context.globalState, () => profiles.current?.id);
  const signingKeys = new SigningKeysView(session, prompts, rotations, new PrivateKeys(profiles, context.globalState));
  const filters = new StreamFilters(context.workspaceState);
  const streams = new StreamsView(session, prompts, filters);
  const watcher = new AssetWatcher(session);
  const uploadsDeps: UploadsDeps = { session, prompts, storage: context.globalState, log, watcher };
  const uploads = activateUploads(uploadsDeps);
  const streamsTree = vscode.window.createTreeView('livepeer.streams', { treeDataProvider: streams, showCollapseAll: true });
  const assets = activateAssets(session, prompts, context.workspaceState, watcher);
  const webhooks = activateWebhooks(session, prompts, results, context.globalState);
  const player = activatePlayer({ session, prompts, privateKeys: signingKeys.privateKeys, extensionUri: context.extensionUri });

  const profileStatusBar = new ProfileStatusBar(profiles);

  context.subscriptions.push(
    log,
    network,
    profiles,
    profileStatusBar,
    session,
    watcher,
    signingKeys,
    filters,
    streams,
    streamsTree,
    vscode.window.createTreeView('livepeer.signingKeys', { treeDataProvider: signingKeys }),
    vscode.commands.registerCommand('livepeer.showLog', () => log.show()),
    ...registerTokenCommands(session, prompts),
    ...registerProfileCommands({ session, prompts, profiles, memento: context.globalState }),
    results,
    ...registerKeyCommands({ session, prompts, view: signingKeys, results }),
    ...registerPlaybackCommands({ session, prompts, view: signingKeys, results }),
    ...registerStreamCommands(session, prompts, streams, streamsTree),
    ...registerLoadErrorCommands(),
    ...uploads.disposables,
    ...assets.disposables,
    ...webhooks.disposables,
    ...player.disposables,
    uploads.uploads.onDidCreateAsset((asset) => assets.view.addOrUpdate(asset)),
    tickUploadStep(uploads.uploads.manager),
    uploads.uploads.manager.history.onDidDeleteAsset((assetId) => assets.view.remove(assetId)),
    assets.view.onDidRemove((assetId) => void uploads.uploads.manager.history.markAssetDeleted(assetId, session.profile?.id)),
  );
  assets.view.isAbandoned = (assetId) => uploads.uploads.manager.history.finished.isAbandoned(assetId);
  // A folder's own livepeer.baseURL is ignored and named: a bundle of its own, loaded after activation.
  void import('./ui/account/folderBaseUrl.js').then(({ watchFolderBaseUrl }) => context.subscriptions.push(watchFolderBaseUrl(prompts, log)));
  // The filter context keys only drive the menus' check marks: activation does not wait for them.
  void filters.publishContext();
  log.info(`activated in ${Math.round(performance.now() - started)} ms`);
  return {
    prompts,
    session,
    profiles,
    profileStatusBar,
    signingKeys,
    streams,
    streamsTree,
    uploads: uploads.uploads,
    uploadStatusBar: uploads.statusBar,
    assets: assets.view,
    assetsTree: assets.treeView,
    webhooks: webhooks.view,
    webhooksTree: webhooks.treeView,
    player: player.player,
    createUploads: (options) => createUploads({ ...uploadsDeps, ...options }),
    logUri: context.logUri,
  };
}

/** The profiles, after an existing single token (with its rotations) has become profile "Default", and with no two of one name. */
async function loadProfiles(session: Account, state: vscode.Memento, prompts: Prompts): Promise<void> {
  const migrated = await session.loaded();
  if (migrated) await Rotations.adopt(state, migrated.id);
  await repairProfileNames(session.profiles, prompts);
}
