import * as vscode from 'vscode';
import type { StreamQuery } from '../../api';
import type { Activity } from './filterChoices';

export interface FilterState {
  activity: Activity;
  recordingOnly: boolean;
}

const STATE_KEY = 'livepeer.streamFilters';

/**
 * The Streams view's filters, remembered per workspace and mirrored into context keys
 * (`livepeer.streams.activity`, `livepeer.streams.recordingOnly`) so the Filter menu shows which are on.
 */
export class StreamFilters implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {}

  get current(): FilterState {
    // Earlier versions stored two independent activeOnly / idleOnly flags.
    const stored = this.state.get<Partial<FilterState> & { activeOnly?: boolean; idleOnly?: boolean }>(STATE_KEY, {});
    const activity = stored.activity ?? (stored.activeOnly ? 'active' : stored.idleOnly ? 'idle' : 'all');
    return { activity, recordingOnly: stored.recordingOnly ?? false };
  }

  setActivity(activity: Activity): Promise<void> {
    return this.set({ ...this.current, activity });
  }

  toggleRecordingOnly(): Promise<void> {
    return this.set({ ...this.current, recordingOnly: !this.current.recordingOnly });
  }

  async set(next: FilterState): Promise<void> {
    await this.state.update(STATE_KEY, next);
    await this.publishContext();
    this.changed.fire();
  }

  async publishContext(): Promise<void> {
    const { activity, recordingOnly } = this.current;
    await Promise.all([
      vscode.commands.executeCommand('setContext', 'livepeer.streams.activity', activity),
      vscode.commands.executeCommand('setContext', 'livepeer.streams.recordingOnly', recordingOnly),
    ]);
  }

  /** Sessions are listed under each stream (GET /stream/{id}/sessions), so the list asks for streams only. */
  query(): StreamQuery {
    const { activity, recordingOnly } = this.current;
    return {
      streamsOnly: true,
      isActive: activity === 'all' ? undefined : activity === 'active',
      record: recordingOnly ? true : undefined,
    };
  }

  /** For the view's description: the filters that are on ("active · recording"), empty for all. */
  describe(): string {
    const { activity, recordingOnly } = this.current;
    return [activity === 'all' ? undefined : activity, recordingOnly ? 'recording' : undefined].filter(Boolean).join(' · ');
  }

  dispose(): void {
    this.changed.dispose();
  }
}
