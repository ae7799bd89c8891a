import * as vscode from 'vscode';
import type { AssetQuery } from '../../api';
import { searchWords } from '../common/search';
import { phaseWords } from '../common/format';

export type AssetPhaseFilter = 'all' | 'ready' | 'processing' | 'failed';
export const PHASE_FILTERS: ReadonlyArray<{ value: AssetPhaseFilter; label: string; detail: string }> = [
  { value: 'all', label: vscode.l10n.t('All'), detail: vscode.l10n.t('Every asset') },
  { value: 'ready', label: vscode.l10n.t('Ready'), detail: vscode.l10n.t('Processed and playable') },
  { value: 'processing', label: vscode.l10n.t('Processing'), detail: vscode.l10n.t('Being transcoded now') },
  { value: 'failed', label: vscode.l10n.t('Failed'), detail: vscode.l10n.t('Processing failed') },
];

interface FilterState {
  search: string;
  phase: AssetPhaseFilter;
}

const STATE_KEY = 'livepeer.assetFilters';
const DEFAULTS: FilterState = { search: '', phase: 'all' };

/**
 * The Assets view's name search and phase filter, applied by the service, remembered per workspace
 * and mirrored into the `livepeer.assets.filtered` context key (for the Clear Filters button).
 */
export class AssetFilters implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {}

  get current(): FilterState {
    return { ...DEFAULTS, ...this.state.get<Partial<FilterState>>(STATE_KEY, {}) };
  }

  async set(next: Partial<FilterState>): Promise<void> {
    const merged = { ...this.current, ...next };
    await this.state.update(STATE_KEY, { search: merged.search.trim(), phase: merged.phase });
    await this.publishContext();
    this.changed.fire();
  }

  async publishContext(): Promise<void> {
    const { search, phase } = this.current;
    await vscode.commands.executeCommand('setContext', 'livepeer.assets.filtered', !!search || phase !== 'all');
  }

  query(): AssetQuery {
    const { search, phase } = this.current;
    return { name: search || undefined, phase: phase === 'all' ? undefined : phase };
  }

  /** For the view's description: `“keynote” · ready`, empty when nothing is filtered. */
  describe(): string {
    const { search, phase } = this.current;
    return [searchWords(search), phase === 'all' ? undefined : phaseWords(phase)].filter(Boolean).join(' · ');
  }

  dispose(): void {
    this.changed.dispose();
  }
}
