import { COMMANDS } from '../common/commandIds';
import * as l10n from '@vscode/l10n';

// The Streams view's filter choices, shared by the Filter menu (package.json titles and groups) and
// the palette's Filter Streams… pick so both say the same, in the same order and groups.
// Through @vscode/l10n, not vscode: the manifest test reads it in plain Node.

export type Activity = 'all' | 'active' | 'idle';
export type Toggle = 'recordingOnly' | 'streamsOnly';

export interface FilterChoice {
  /** The menu command; its checked twin is `<command>.checked`, titled "✓ <label>". */
  command: string;
  label: string;
  /** One of three activities (exactly one is ticked), or an independent toggle. */
  activity?: Activity;
  toggle?: Toggle;
}

export interface FilterGroup {
  /** The menu group (`<id>@<n>` fixes the order) and the palette's separator. */
  id: string;
  title: string;
  choices: readonly FilterChoice[];
}

export const FILTER_GROUPS: readonly FilterGroup[] = [
  {
    id: '1_activity',
    title: l10n.t('Show'),
    choices: [
      { command: COMMANDS.streams['filter.all'], label: l10n.t('All Streams'), activity: 'all' },
      { command: COMMANDS.streams['filter.active'], label: l10n.t('Active Only'), activity: 'active' },
      { command: COMMANDS.streams['filter.idle'], label: l10n.t('Idle Only'), activity: 'idle' },
    ],
  },
  {
    id: '2_toggles',
    title: l10n.t('Toggles'),
    choices: [
      { command: COMMANDS.streams['filter.recordingOnly'], label: l10n.t('Recording On Only'), toggle: 'recordingOnly' },
      { command: COMMANDS.streams['filter.streamsOnly'], label: l10n.t('Streams Only'), toggle: 'streamsOnly' },
    ],
  },
];

export const FILTER_CHOICES: readonly FilterChoice[] = FILTER_GROUPS.flatMap((group) => group.choices);

export const CHECK = '✓ ';
