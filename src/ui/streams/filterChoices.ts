// The Streams view's filter choices, shared by the Filter menu (package.json titles) and the palette's
// Filter Streams… pick so both say the same. No vscode import: the manifest test reads it.

export type Activity = 'all' | 'active' | 'idle';

export interface FilterChoice {
  /** The menu command; its checked twin is `<command>.checked`, titled "✓ <label>". */
  command: string;
  label: string;
  /** An activity (one of three) or the recording toggle. */
  activity?: Activity;
}

export const FILTER_CHOICES: readonly FilterChoice[] = [
  { command: 'livepeer.streams.filter.all', label: 'All Streams', activity: 'all' },
  { command: 'livepeer.streams.filter.active', label: 'Active Only', activity: 'active' },
  { command: 'livepeer.streams.filter.idle', label: 'Idle Only', activity: 'idle' },
  { command: 'livepeer.streams.filter.recordingOnly', label: 'Recording On Only' },
];

export const CHECK = '✓ ';
