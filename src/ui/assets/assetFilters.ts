import * as vscode from 'vscode';
import type { AssetQuery } from '../../api';
import { searchWords } from '../search';

export type AssetPhaseFilter = 'all' | 'ready' | 'processing' | 'failed';
export const PHASE_FILTERS: ReadonlyArray<{ value: AssetPhaseFilter; label: string; detail: string }> = [
  { value: 'all', label: 'All', detail: 'Every asset' },
  { value: 'ready', label: 'Ready', detail: 'Processed and playable' },
  { value: 'processing', label: 'Processing', detail: 'Being transcoded now' },
  { value: 'failed', label: 'Failed', detail: 'Processing failed' },
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
    return [searchWords(search), phase === 'all' ? undefined : phase].filter(Boolean).join(' · ');
  }

  dispose(): void {
    this.changed.dispose();
  }
}
