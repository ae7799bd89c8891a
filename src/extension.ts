import * as vscode from 'vscode';
import { AssetWatcher } from './api';
import { activateAssets } from './ui/assets/activateAssets';
import { PrivateKeys } from './ui/keys/privateKeys';
import { Rotations } from './ui/keys/rotations';
import { SigningKeysView } from './ui/keys/signingKeysView';
import { registerLoadErrorCommands } from './ui/common/messageItem';
import { activatePlayer } from './ui/player/activatePlayer';
import { Prompts } from './ui/common/prompts';
import { COMMANDS } from './ui/common/commandIds';
import { registerCommand, registerOnFirstUse } from './ui/common/commands';
import { ResultDocuments } from './ui/common/resultDocuments';
import { Account } from './ui/account/account';
import { registerStreams } from './ui/streams/registerStreams';
import { StreamFilters } from './ui/streams/streamFilters';
import { StreamsView } from './ui/streams/streamsView';
import { registerTokenCommands } from './ui/account/tokenCommands';
import { followNetworkSettings } from './ui/common/networkSettings';
import { AccountProfiles } from './ui/profiles/accountProfiles';
import { nameProfilesBaseUrl } from './ui/profiles/baseUrlNaming';
import { repairProfileNames } from './ui/profiles/profileNameRepair';
import { ProfileStatusBar } from './ui/profiles/profileStatusBar';
import { followProject } from './ui/profiles/projectLearning';
import { activateUploads, type UploadsDeps } from './ui/uploads/activateUploads';
import { tickUploadStep } from './ui/uploads/uploadContextKeys';
import { activateWebhooks } from './ui/webhooks/activateWebhooks';
import { registerTaskCommands } from './ui/tasks/registerTasks';
import { registerMultistream } from './ui/multistream/registerMultistream';
import { AssistantTools, contributedToolNames } from './ui/assistant/registerTools';
import { offerMcpServer } from './ui/assistant/mcpProvider';
import { registerForwarding } from './ui/forwarding/registerForwarding';
import { VerifiedState } from './ui/common/verifiedState';
import { registerQuality } from './ui/quality/registerQuality';

/**
 * Builds the views and commands and returns at once: nothing here waits for the window, the service
 * or the disk. The token is read once, meanwhile; the views wait for that read before their first request.
 * Returns nothing: the extension offers no API (the tests see it through the vscode API, test/integration/harness.ts).
 */
export function activate(context: vscode.ExtensionContext): void {
  const started = performance.now();
  const log = vscode.window.createOutputChannel('Livepeer', { log: true });
  const globalState = new VerifiedState(context.globalState);
  // Before anything can send a request.
  const network = followNetworkSettings();
  const profiles = new AccountProfiles(context.secrets, globalState);
  nameProfilesBaseUrl(profiles);
  const prompts = new Prompts();
  const userAgent = `livepeer-studio-vscode/${context.extension.packageJSON.version} vscode/${vscode.version}`;
  const session = new Account(profiles, log, userAgent);
  void loadProfiles(session, prompts);
  const project = followProject(profiles, () => session.loaded(), (token, baseUrl) => session.clientFor(token, baseUrl));
  const results = new ResultDocuments();

  const rotations = new Rotations(globalState, () => profiles.current?.id);
  const signingKeys = new SigningKeysView(session, prompts, rotations, new PrivateKeys(profiles, globalState));
  const filters = new StreamFilters(context.workspaceState);
  const watcher = new AssetWatcher(session);
  const streams = new StreamsView(session, prompts, filters, watcher);
  const uploadsDeps: UploadsDeps = { session, prompts, storage: globalState, log, watcher };
  const uploads = activateUploads(uploadsDeps);
  const streamsTree = vscode.window.createTreeView('livepeer.streams', { treeDataProvider: streams, showCollapseAll: true });
  streams.showIn(streamsTree);
  const history = uploads.uploads.manager.history;
  const assets = activateAssets({
    session,
    prompts,
    workspaceState: context.workspaceState,
    watcher,
    privateKeys: signingKeys.privateKeys,
    isAbandoned: (assetId) => history.finished.isAbandoned(assetId),
    drop: uploads.uploads.drop,
  });
  const webhooks = activateWebhooks(session, prompts, results, globalState);
  const tasks = registerTaskCommands({ session, prompts, results, assets: assets.view, uploads: uploads.uploads.manager, watcher });
  const forwarding = registerForwarding(session, prompts, webhooks.view, globalState);
  webhooks.view.followForwarding(forwarding.state.answers, forwarding.state.onDidChange);
  const player = activatePlayer({ session, prompts, privateKeys: signingKeys.privateKeys, extensionUri: context.extensionUri });
  const quality = registerQuality({ session, prompts, extensionUri: context.extensionUri });

  const signingKeysTree = vscode.window.createTreeView('livepeer.signingKeys', { treeDataProvider: signingKeys });
  signingKeys.showIn(signingKeysTree);
  const profileStatusBar = new ProfileStatusBar(profiles);
  const multistream = registerMultistream({ session, prompts, streams, state: globalState });
  const assistant = new AssistantTools(contributedToolNames(context), { session, privateKeys: signingKeys.privateKeys, uploads: uploads.uploads.manager });

  context.subscriptions.push(
    log,
    network,
    profiles,
    project,
    profileStatusBar,
    session,
    watcher,
    signingKeys,
    filters,
    streams,
    streamsTree,
    signingKeysTree,
    registerCommand(COMMANDS.showLog, () => log.show()),
    ...registerTokenCommands(session, prompts),
    registerOnFirstUse([...Object.values(COMMANDS.profiles), COMMANDS.openBaseUrlSetting], async () => {
      const { registerProfileCommands } = await import('./ui/profiles/profileCommands.js');
      return () => registerProfileCommands({ session, prompts, profiles, memento: globalState });
    }),
    results,
    registerOnFirstUse([...Object.values(COMMANDS.keys), ...Object.values(COMMANDS.playback)], async () => {
      const { registerKeyCommands, registerPlaybackCommands } = await import('./ui/keys/keyCommands.js');
      const keys = { session, prompts, view: signingKeys, results };
      return () => [...registerKeyCommands(keys), ...registerPlaybackCommands(keys)];
    }),
    ...registerStreams(session, prompts, streams, streamsTree),
    registerOnFirstUse(Object.values(COMMANDS.access), async () => {
      const { registerAccessCommands } = await import('./ui/access/accessCommands.js');
      return () => registerAccessCommands({ session, prompts, streams, assets: assets.view });
    }),
    ...registerLoadErrorCommands(),
    ...uploads.disposables,
    ...assets.disposables,
    ...webhooks.disposables,
    ...player.disposables,
    ...tasks.disposables,
    ...multistream.disposables,
    ...forwarding.disposables,
    ...quality.disposables,
    uploads.uploads.onDidCreateAsset((asset) => assets.view.addOrUpdate(asset)),
    tickUploadStep(uploads.uploads.manager),
    history.onDidDeleteAsset((assetId) => assets.view.remove(assetId)),
    assets.view.onDidRemove((assetId) => void history.markAssetDeleted(assetId, session.profile?.id)),
    assets.view.onDidRestore((assetId) => void history.markAssetDeleted(assetId, session.profile?.id, false)),
    assistant,
    ...offerMcpServer(context, session),
  );
  // The walkthrough's steps tick from what the account holds, not only once its views are shown: loaded after activation.
  void import('./ui/account/heldSteps.js').then(({ tickHeldSteps }) => context.subscriptions.push(tickHeldSteps(session)));
  // A folder's own livepeer.baseURL is ignored and named: a bundle of its own, loaded after activation.
  void import('./ui/account/folderBaseUrl.js').then(({ watchFolderBaseUrl }) => context.subscriptions.push(watchFolderBaseUrl(prompts, log)));
  // The filter context keys only drive the menus' check marks: activation does not wait for them.
  void filters.publishContext();
  log.info(`activated in ${Math.round(performance.now() - started)} ms`);
}

/** The profiles' tokens, read once, with no two profiles of one name. */
async function loadProfiles(session: Account, prompts: Prompts): Promise<void> {
  await session.loaded();
  await repairProfileNames(session.profiles, prompts);
}
