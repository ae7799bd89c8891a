import * as vscode from 'vscode';
import type { StreamQuery } from '../../api';

export type StreamToggle = 'activeOnly' | 'idleOnly' | 'recordingOnly' | 'streamsOnly';
export const STREAM_TOGGLES: readonly StreamToggle[] = ['activeOnly', 'idleOnly', 'recordingOnly', 'streamsOnly'];

type FilterState = Record<StreamToggle, boolean>;

const STATE_KEY = 'livepeer.streamFilters';
const DEFAULTS: FilterState = { activeOnly: false, idleOnly: false, recordingOnly: false, streamsOnly: true };
const LABELS: Record<StreamToggle, string> = {
  activeOnly: 'active',
  idleOnly: 'idle',
  recordingOnly: 'recording',
  streamsOnly: 'streams only',
};

/**
 * The Streams view's filter toggles, remembered per workspace and mirrored into context keys
 * (`livepeer.streams.<toggle>`) so the Filter menu shows which are on.
 */
export class StreamFilters implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {}

  get current(): FilterState {
    return { ...DEFAULTS, ...this.state.get<Partial<FilterState>>(STATE_KEY, {}) };
  }

  async toggle(name: StreamToggle): Promise<void> {
    const next = { ...this.current, [name]: !this.current[name] };
    // Active and idle exclude each other: turning one on turns the other off.
    if (name === 'activeOnly' && next.activeOnly) next.idleOnly = false;
    if (name === 'idleOnly' && next.idleOnly) next.activeOnly = false;
    await this.set(next);
  }

  async set(next: FilterState): Promise<void> {
    await this.state.update(STATE_KEY, next);
    await this.publishContext();
    this.changed.fire();
  }

  async publishContext(): Promise<void> {
    const current = this.current;
    await Promise.all(STREAM_TOGGLES.map((name) => vscode.commands.executeCommand('setContext', `livepeer.streams.${name}`, current[name])));
  }

  query(): StreamQuery {
    const current = this.current;
    return {
      streamsOnly: current.streamsOnly,
      isActive: current.activeOnly ? true : current.idleOnly ? false : undefined,
      record: current.recordingOnly ? true : undefined,
    };
  }

  /** For the view's description: the filters that are on, or "with sessions" when sessions show. */
  describe(): string {
    const current = this.current;
    const on = (['activeOnly', 'idleOnly', 'recordingOnly'] as const).filter((name) => current[name]).map((name) => LABELS[name]);
    if (!current.streamsOnly) on.push('with sessions');
    return on.join(' · ');
  }

  label(name: StreamToggle): string {
    return LABELS[name];
  }

  dispose(): void {
    this.changed.dispose();
  }
}
