import { rm } from 'node:fs/promises';
import * as vscode from 'vscode';
import { connectDirectly } from '../../api';
import { OPEN_USER_SETTINGS, RESET_LOCAL_STUDIO, SHOW_LOG } from '../common/actions';
import { COMMANDS } from '../common/commandIds';
import { registerCommand } from '../common/commands';
import { reportError } from '../common/errorReporting';
import type { Services } from '../common/feature';
import { studioSettings } from './studioSettings';
import { freshToken, runningStudio, seedStudio, startStudio, stopStudio, StartFailure, type Started } from './studioProcess';

// Start, Stop and Reset Local Studio and Seed Demo Data (loaded with the first of them): the local
// Studio runs as its own process, its account is the profile "Local Studio", its data in this
// extension's global storage. It stops with the window unless livepeer.localStudio.keepRunning.

/** The profile Local Studio's address and token live in (made or updated at each start). */
const PROFILE_NAME = 'Local Studio';

type Deps = Pick<Services, 'extension' | 'profiles' | 'prompts' | 'log'>;

export function registerLocalStudioCommands(deps: Deps): vscode.Disposable[] {
  const { extension, profiles, prompts, log } = deps;
  const dataDir = vscode.Uri.joinPath(extension.globalStorageUri, 'localStudio').fsPath;
  const script = vscode.Uri.joinPath(extension.extensionUri, 'dist', 'localStudio.js').fsPath;
  const item = vscode.window.createStatusBarItem('livepeer.localStudio', vscode.StatusBarAlignment.Left, 10);
  item.name = vscode.l10n.t('Local Studio');
  item.command = COMMANDS.localStudio.stop;
  let studio: Started | undefined;
  let starting: Promise<Started> | undefined;

  const profile = () => profiles.all().find((candidate) => candidate.name === PROFILE_NAME);
  let undoDirect = (): void => undefined;
  const shown = (running: Started) => {
    studio = running;
    // Its token and uploads go straight to it, never through a proxy (<-loopback> in the settings included).
    undoDirect();
    undoDirect = connectDirectly([running.baseUrl, ...(running.ingestOrigin ? [running.ingestOrigin] : [])].map((url) => new URL(url).origin));
    item.text = vscode.l10n.t('$(server-process) Local Studio {0}', new URL(running.baseUrl).host);
    item.tooltip = vscode.l10n.t('Local Studio runs at {0}: no transcoding ladder, no CDN, no real viewers. Its data stays in this machine’s VS Code storage. Click to stop it.', running.baseUrl);
    item.show();
    running.child?.once('exit', () => {
      if (studio !== running) return;
      studio = undefined;
      item.hide();
    });
  };
  /** The profile "Local Studio" with this address and token, made current. */
  const useProfile = (running: Started) =>
    profiles.change(async (store) => {
      const existing = profile();
      const id = existing?.id ?? (await store.add({ name: PROFILE_NAME, baseUrl: running.baseUrl, token: running.token })).id;
      if (existing) {
        await store.setBaseUrl(id, running.baseUrl);
        if (profiles.tokenOf(id) !== running.token) await store.setToken(id, running.token);
      }
      await store.choose(id);
    });

  const launch = async (): Promise<Started> => {
    const kept = await runningStudio(dataDir, profile() && profiles.tokenOf(profile()!.id));
    const running = kept ?? (await startStudio({ script, dataDir, port: studioSettings.port(), token: freshToken(), keepRunning: studioSettings.keepRunning() }));
    log.info(`Local Studio ${kept ? 'already running' : 'started'} at ${running.baseUrl} (pid ${running.pid})`);
    shown(running);
    await useProfile(running);
    return running;
  };
  /** The running Local Studio, started when none runs (two starts at once share one). */
  const ensure = (): Promise<Started> => {
    if (studio) return Promise.resolve(studio);
    starting ??= launch().finally(() => (starting = undefined));
    return starting;
  };

  const start = async (): Promise<Started | undefined> => {
    const already = !!studio;
    try {
      const running = await ensure();
      if (already) void useProfile(running);
      prompts.notify('info', already ? vscode.l10n.t('Local Studio is already running at {0}: the profile “Local Studio” is current.', running.baseUrl) : vscode.l10n.t('Local Studio runs at {0}: the profile “Local Studio” is current.', running.baseUrl));
      return running;
    } catch (error) {
      if (error instanceof StartFailure && error.portInUse) {
        void prompts.message('error', vscode.l10n.t('Local Studio did not start: port {0} is in use. Stop what uses it, or choose another port (0: any free one) in livepeer.localStudio.port.', studioSettings.port()), {}, OPEN_USER_SETTINGS).then((action) => {
          if (action === OPEN_USER_SETTINGS) void vscode.commands.executeCommand('workbench.action.openSettings', 'livepeer.localStudio.port');
        });
      } else reportError(prompts, (reason) => vscode.l10n.t('Local Studio did not start: {0}', reason), error, start);
      return undefined;
    }
  };

  /** This window's, or one an earlier window kept running. */
  const current = async (): Promise<Started | undefined> => studio ?? (await starting?.catch(() => undefined)) ?? (await runningStudio(dataDir, profile() && profiles.tokenOf(profile()!.id)));

  const stop = async (): Promise<void> => {
    const running = await current();
    if (!running) {
      prompts.notify('info', vscode.l10n.t('Local Studio is not running.'));
      return;
    }
    studio = undefined;
    item.hide();
    await stopStudio(running);
    log.info(`Local Studio stopped (pid ${running.pid})`);
    prompts.notify('info', vscode.l10n.t('Local Studio stopped. Its data is kept for the next start.'));
  };

  const reset = async (): Promise<void> => {
    const confirmed = await prompts.confirm(
      vscode.l10n.t('Reset Local Studio?'),
      { detail: vscode.l10n.t('Every key, stream, video and webhook of Local Studio is deleted. Your Livepeer Studio accounts are not touched.'), safeLabel: vscode.l10n.t('Cancel') },
      RESET_LOCAL_STUDIO,
    );
    if (confirmed !== RESET_LOCAL_STUDIO) return;
    const wasRunning = await current();
    if (wasRunning) {
      studio = undefined;
      item.hide();
      await stopStudio(wasRunning);
    }
    await rm(dataDir, { recursive: true, force: true });
    log.info('Local Studio reset: its data folder was deleted');
    if (wasRunning) await ensure().catch((error: unknown) => reportError(prompts, (reason) => vscode.l10n.t('Local Studio did not start: {0}', reason), error, start));
    prompts.notify('info', vscode.l10n.t('Local Studio was reset: it holds nothing now.'));
  };

  const seed = async (): Promise<void> => {
    try {
      await seedStudio(await ensure());
      // What it now holds shows in the views at once (each view's own Refresh).
      await Promise.all([COMMANDS.keys.refresh, COMMANDS.streams.refresh, COMMANDS.assets.refresh, COMMANDS.webhooks.refresh].map((id) => vscode.commands.executeCommand(id)));
      prompts.notify('info', vscode.l10n.t('Local Studio now holds the demo account: keys, streams, videos and a webhook.'));
    } catch (error) {
      if (error instanceof StartFailure) return void start();
      void prompts.message('error', vscode.l10n.t('Local Studio did not take the demo data: {0}', (error as Error).message), {}, SHOW_LOG).then((action) => {
        if (action === SHOW_LOG) void vscode.commands.executeCommand(COMMANDS.showLog);
      });
    }
  };

  return [
    item,
    registerCommand(COMMANDS.localStudio.start, start),
    registerCommand(COMMANDS.localStudio.stop, stop),
    registerCommand(COMMANDS.localStudio.reset, reset),
    registerCommand(COMMANDS.localStudio.seed, seed),
    // With the window, unless the user keeps it running (its process is then detached and not ours to end).
    new vscode.Disposable(() => {
      if (studio?.child) void stopStudio(studio);
    }),
  ];
}
