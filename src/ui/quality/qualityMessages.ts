// The messages between the Quality and Usage panel (extension host) and its webview script. Shared
// by both sides; no vscode import, so the webview bundle can hold it. Every text the page shows
// comes from the host, already localised: the page only lays it out.

/** The periods offered as buttons; `custom` shows two date fields. */
export const PERIOD_CHOICES = ['last7Days', 'last30Days', 'last90Days', 'custom'] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];

/** One line of a section: a figure, an optional bar (its share of the section's largest, 0–1) and what it means. */
export interface QualityRow {
  label: string;
  value: string;
  bar?: number;
  hint?: string;
}

export interface QualitySection {
  heading: string;
  rows: QualityRow[];
  /** Why this section has no figures (the service's refusal, in words). */
  problem?: string;
}

export interface QualityModel {
  title: string;
  /** The period shown, in words ("1 Oct – 31 Oct 2026"). */
  periodText: string;
  period: PeriodChoice;
  periodLabels: Record<PeriodChoice, string>;
  /** The custom period's fields (YYYY-MM-DD, UTC) and their button. */
  custom: { from: string; to: string; apply: string; fromLabel: string; toLabel: string };
  /** While the figures load. */
  loading?: string;
  /** What the service could not answer for the whole panel (no analytics for this account). */
  problem?: string;
  sections: QualitySection[];
}

export type ToQualityPage = { type: 'show'; model: QualityModel };

export type FromQualityPage =
  | { type: 'ready' }
  | { type: 'period'; period: Exclude<PeriodChoice, 'custom'> }
  | { type: 'custom'; from: string; to: string }
  /** What the page shows now, as text (the tests read the panel through it). */
  | { type: 'shown'; text: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A message from the webview, checked field by field and rebuilt from what was checked; undefined
 * for anything else (the page's messages are data, never commands to follow).
 */
export function parseFromQualityPage(message: unknown): FromQualityPage | undefined {
  if (!message || typeof message !== 'object') return undefined;
  const { type, period, from, to, text } = message as Record<string, unknown>;
  if (type === 'ready') return { type };
  if (type === 'period' && (period === 'last7Days' || period === 'last30Days' || period === 'last90Days')) return { type, period };
  if (type === 'custom' && typeof from === 'string' && typeof to === 'string' && DATE.test(from) && DATE.test(to)) return { type, from, to };
  if (type === 'shown' && typeof text === 'string') return { type, text: text.slice(0, 8000) };
  return undefined;
}
