import * as vscode from 'vscode';
import { AssetWatcher } from './api';
import { registerLoadErrorCommands } from './ui/common/messageItem';
import { Prompts } from './ui/common/prompts';
import { COMMANDS } from './ui/common/commandIds';
import { registerCommand } from './ui/common/commands';
import type { Feature, FeatureContext, Services } from './ui/common/feature';
import { ResultDocuments } from './ui/common/resultDocuments';
import { followNetworkSettings } from './ui/common/networkSettings';
import { VerifiedState } from './ui/common/verifiedState';
import { Account } from './ui/account/account';
import { PrivateKeys } from './ui/keys/privateKeys';
import { AccountProfiles } from './ui/profiles/accountProfiles';
import { nameProfilesBaseUrl } from './ui/profiles/baseUrlNaming';
import { followProject } from './ui/profiles/projectLearning';
// The types of the test hooks (LivepeerApi), until the host tests drive the product through their harness (issue 37).
import type { AssetsView } from './ui/assets/activateAssets';
import type { AssistantTools } from './ui/assistant/registerTools';
import type { ForwardingState } from './ui/forwarding/forwardingState';
import type { SigningKeysView } from './ui/keys/signingKeysView';
import type { TargetsView } from './ui/multistream/registerMultistream';
import type { PlayerPanel } from './ui/player/activatePlayer';
import type { ProfileStatusBar } from './ui/profiles/profileStatusBar';
import type { QualityEvent } from './ui/quality/registerQuality';
import type { StreamNode, StreamsView } from './ui/streams/streamsView';
import type { TasksViewHost } from './ui/tasks/registerTasks';
import type { Uploads, UploadsDeps } from './ui/uploads/activateUploads';
import type { UploadStatusBar } from './ui/uploads/uploadStatusBar';
import type { WebhookNode, WebhooksView } from './ui/webhooks/activateWebhooks';
import * as access from './ui/access';
import * as account from './ui/account';
import * as assets from './ui/assets';
import * as assistant from './ui/assistant';
import * as forwarding from './ui/forwarding';
import * as keys from './ui/keys';
import * as multistream from './ui/multistream';
import * as player from './ui/player';
import * as profiles from './ui/profiles';
import * as quality from './ui/quality';
import * as streams from './ui/streams';
import * as tasks from './ui/tasks';
import * as uploads from './ui/uploads';
import * as webhooks from './ui/webhooks';

/**
 * The features, each `activate(context): Feature` of its src/ui folder, in the order they activate: a
 * feature comes after those whose offers it takes (assets after uploads, forwarding after webhooks,
 * multistream and access after streams).
 */
const FEATURES: ReadonlyArray<(context: FeatureContext) => Feature> = [
  account.activate,
  profiles.activate,
  keys.activate,
  uploads.activate,
  streams.activate,
  assets.activate,
  webhooks.activate,
  forwarding.activate,
  tasks.activate,
  multistream.activate,
  access.activate,
  player.activate,
  quality.activate,
  assistant.activate,
];

/**
 * Set to `1` by the test launchers (test/host/runInHost.js) in the extension host's environment: only
 * then does activate() hand out its live objects. An environment variable, read once at activation,
 * so no workspace or user setting can turn it on.
 */
const TEST_HOOKS_VARIABLE = 'LIVEPEER_TEST_HOOKS';

/** The live objects the extension-host tests inspect and drive (each feature's `hooks`, and the services); not an API: a user's VS Code gets none. */
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
  tasks: TasksViewHost;
  multistreamTargets: TargetsView;
  assistant: AssistantTools;
  forwarding: ForwardingState;
  /** What the Quality and Usage panels post, hear and close. */
  quality: vscode.Event<QualityEvent>;
  /** Another upload state over the same globalState, as the next window would build it (the caller disposes it). */
  createUploads(options?: Pick<UploadsDeps, 'retryDelaysMs'>): Uploads;
  logUri: vscode.Uri;
}

/**
 * Builds the shared services, then each feature, and returns at once: nothing here waits for the
 * window, the service or the disk. The token is read once, meanwhile; the views wait for that read
 * before their first request. Returns nothing (the extension offers no API), except to the tests
 * (TEST_HOOKS_VARIABLE).
 */
export function activate(extension: vscode.ExtensionContext): LivepeerApi | undefined {
  const started = performance.now();
  const log = vscode.window.createOutputChannel('Livepeer', { log: true });
  const state = new VerifiedState(extension.globalState);
  // Before anything can send a request.
  const network = followNetworkSettings();
  const accountProfiles = new AccountProfiles(extension.secrets, state);
  nameProfilesBaseUrl(accountProfiles);
  const userAgent = `livepeer-studio-vscode/${(extension.extension.packageJSON as { version: string }).version} vscode/${vscode.version}`;
  const session = new Account(accountProfiles, log, userAgent);
  const services: Services = {
    extension,
    session,
    profiles: accountProfiles,
    prompts: new Prompts(),
    log,
    state,
    results: new ResultDocuments(),
    watcher: new AssetWatcher(session),
    privateKeys: new PrivateKeys(accountProfiles, state),
  };
  const project = followProject(accountProfiles, () => session.loaded(), (token, baseUrl) => session.clientFor(token, baseUrl));
  extension.subscriptions.push(log, network, accountProfiles, project, session, services.watcher, services.results);
  extension.subscriptions.push(registerCommand(COMMANDS.showLog, () => log.show()), ...registerLoadErrorCommands());
  const context: FeatureContext = { ...services, offers: {} };
  let hooks: Record<string, unknown> = {};
  for (const activateFeature of FEATURES) {
    const feature = activateFeature(context);
    extension.subscriptions.push(...feature.disposables);
    Object.assign(context.offers, feature.offers);
    hooks = { ...hooks, ...feature.hooks };
  }
  log.info(`activated in ${Math.round(performance.now() - started)} ms`);
  if (process.env[TEST_HOOKS_VARIABLE] !== '1') return undefined;
  return { ...hooks, prompts: services.prompts, session, profiles: accountProfiles, logUri: extension.logUri } as LivepeerApi;
}
