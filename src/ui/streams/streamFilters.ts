import * as vscode from 'vscode';
import type { StreamQuery } from '../../api';
import { searchWords } from '../common/search';
import type { Activity, Toggle } from './filterChoices';

export interface FilterState {
  activity: Activity;
  recordingOnly: boolean;
  /** The service's streamsonly=1; off, the list also has the historic per-session child objects. */
  streamsOnly: boolean;
  /** Name search on the service; empty for none. */
  search: string;
}

const STATE_KEY = 'livepeer.streamFilters';

/**
 * The Streams view's filters and name search, remembered per workspace and mirrored into context
 * keys (`livepeer.streams.activity`, `.recordingOnly`, `.withSessions`, `.searching`, `.filtered`) so
 * the Filter menu shows which are on and the empty view says why it is empty.
 */
export class StreamFilters implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {}

  get current(): FilterState {
    // Earlier versions stored two independent activeOnly / idleOnly flags.
    const stored = this.state.get<Partial<FilterState> & { activeOnly?: boolean; idleOnly?: boolean }>(STATE_KEY, {});
    const activity = stored.activity ?? (stored.activeOnly ? 'active' : stored.idleOnly ? 'idle' : 'all');
    return { activity, recordingOnly: stored.recordingOnly ?? false, streamsOnly: stored.streamsOnly ?? true, search: stored.search ?? '' };
  }

  setActivity(activity: Activity): Promise<void> {
    return this.set({ activity });
  }

  toggle(toggle: Toggle): Promise<void> {
    return this.set({ [toggle]: !this.current[toggle] });
  }

  setSearch(search: string): Promise<void> {
    return this.set({ search });
  }

  async set(next: Partial<FilterState>): Promise<void> {
    const merged = { ...this.current, ...next };
    await this.state.update(STATE_KEY, { ...merged, search: merged.search.trim() });
    await this.publishContext();
    this.changed.fire();
  }

  async publishContext(): Promise<void> {
    const { activity, recordingOnly, streamsOnly, search } = this.current;
    const set = (key: string, value: unknown) => vscode.commands.executeCommand('setContext', `livepeer.streams.${key}`, value);
    await Promise.all([
      set('activity', activity),
      set('recordingOnly', recordingOnly),
      // Named for the non-default state: a key not set yet reads as Streams Only, the default.
      set('withSessions', !streamsOnly),
      set('searching', !!search),
      set('filtered', activity !== 'all' || recordingOnly || !!search),
    ]);
  }

  /** With Streams Only (the default) sessions are listed under each stream (GET /stream/{id}/sessions). */
  query(): StreamQuery {
    const { activity, recordingOnly, streamsOnly, search } = this.current;
    return {
      streamsOnly,
      isActive: activity === 'all' ? undefined : activity === 'active',
      record: recordingOnly ? true : undefined,
      name: search || undefined,
    };
  }

  /** For the view's description: what is on (`“cam” · active · recording · with sessions`), empty for the defaults. */
  describe(): string {
    const { activity, recordingOnly, streamsOnly, search } = this.current;
    const activityWords = activity === 'all' ? undefined : activity === 'active' ? vscode.l10n.t('active') : vscode.l10n.t('idle');
    return [searchWords(search), activityWords, recordingOnly ? vscode.l10n.t('recording') : undefined, streamsOnly ? undefined : vscode.l10n.t('with sessions')]
      .filter(Boolean)
      .join(' · ');
  }

  dispose(): void {
    this.changed.dispose();
  }
}
