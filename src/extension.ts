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
import * as access from './ui/access';
import * as account from './ui/account';
import * as assets from './ui/assets';
import * as assistant from './ui/assistant';
import * as copy from './ui/copy';
import * as forwarding from './ui/forwarding';
import * as keys from './ui/keys';
import * as multistream from './ui/multistream';
import * as player from './ui/player';
import * as profiles from './ui/profiles';
import * as quality from './ui/quality';
import * as localStudio from './ui/localStudio';
import * as backup from './ui/backup';
import * as streams from './ui/streams';
import * as tasks from './ui/tasks';
import * as uploads from './ui/uploads';
import * as webhooks from './ui/webhooks';

/**
 * The features, each `activate(context): Feature` of its src/ui folder, by name in the order they
 * activate: a feature comes after those whose offers it takes (assets after uploads, forwarding after
 * webhooks, multistream and access after streams, copy after profiles and the views it copies from).
 */
const FEATURES: Readonly<Record<string, (context: FeatureContext) => Feature>> = {
  account: account.activate,
  profiles: profiles.activate,
  keys: keys.activate,
  uploads: uploads.activate,
  streams: streams.activate,
  assets: assets.activate,
  webhooks: webhooks.activate,
  forwarding: forwarding.activate,
  tasks: tasks.activate,
  multistream: multistream.activate,
  access: access.activate,
  player: player.activate,
  quality: quality.activate,
  copy: copy.activate,
  backup: backup.activate,
  assistant: assistant.activate,
  localStudio: localStudio.activate,
};

/**
 * Builds the shared services, then each feature, and returns at once: nothing here waits for the
 * window, the service or the disk. The token is read once, meanwhile; the views wait for that read
 * before their first request. Returns nothing: the extension offers no API (not to its tests either).
 */
export function activate(extension: vscode.ExtensionContext): void {
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
  // What each part of activation took, in the log line (npm run bench:ui prints it): what to move to first use.
  const shares = [`services ${(performance.now() - started).toFixed(1)}`];
  for (const [name, activateFeature] of Object.entries(FEATURES)) {
    const from = performance.now();
    const feature = activateFeature(context);
    extension.subscriptions.push(...feature.disposables);
    Object.assign(context.offers, feature.offers);
    shares.push(`${name} ${(performance.now() - from).toFixed(1)}`);
  }
  log.info(`activated in ${Math.round(performance.now() - started)} ms (${shares.join(', ')})`);
}
