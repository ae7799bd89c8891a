import * as vscode from 'vscode';
import { PRODUCTION_BASE_URL, type Profile } from '../../profiles/profile';
import type { AccountProfiles } from './accountProfiles';
import { Disposable } from '../common/disposable';
import { COMMANDS } from '../common/commandIds';

/** The base URL's host (and port), as the status bar and Switch Profile show it. */
export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** What a profile is shown as next to its name: its project, once learned. */
export function projectText(profile: Profile): string {
  return profile.project ? profile.project.name || profile.project.id : vscode.l10n.t('project not known yet');
}

/**
 * "$(account) Staging · Web App" for the current profile; the warning colour when it works on
 * another service than production (staging, an emulator), the error colour when the folder pins a
 * profile that does not exist. A click switches profile.
 */
export class ProfileStatusBar extends Disposable {
  readonly item = this.register(vscode.window.createStatusBarItem('livepeer.profile', vscode.StatusBarAlignment.Left, 11));

  constructor(private readonly profiles: AccountProfiles) {
    super();
    this.item.name = vscode.l10n.t('Livepeer Profile');
    this.item.command = COMMANDS.profiles.switch;
    this.update();
    this.register(profiles.onDidChangeShown(() => this.update()));
  }

  private update(): void {
    const state = this.profiles.why;
    const profile = state.profile;
    this.item.backgroundColor = undefined;
    if (state.why === 'pin not found') {
      this.item.text = vscode.l10n.t('$(warning) Livepeer: no profile “{0}”', state.pinned);
      this.item.tooltip = vscode.l10n.t('This folder is pinned (livepeer.profile) to “{0}”, which is no profile here: add it or change the setting. Click to switch.', state.pinned);
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.errorBackground');
    } else if (!profile) {
      this.item.text = vscode.l10n.t('$(account) Livepeer: choose a profile');
      this.item.tooltip = vscode.l10n.t('Livepeer: click to choose the profile to work with.');
    } else {
      const production = profile.baseUrl === PRODUCTION_BASE_URL;
      this.item.text = `$(account) ${profile.name}${profile.project ? ` · ${profile.project.name}` : ''}`;
      this.item.tooltip = [
        state.why === 'pinned' ? vscode.l10n.t('Livepeer profile “{0}” (pinned by this folder)', profile.name) : vscode.l10n.t('Livepeer profile “{0}”', profile.name),
        vscode.l10n.t('Project: {0}', projectText(profile)),
        production ? vscode.l10n.t('API: {0}', profile.baseUrl) : vscode.l10n.t('API: {0} (not production)', profile.baseUrl),
        vscode.l10n.t('Click to switch profile.'),
      ].join('\n');
      if (!production) this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    }
    if (this.profiles.all().length || state.why === 'pin not found') this.item.show();
    else this.item.hide();
  }
}
