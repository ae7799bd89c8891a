import type { ChartDay } from '../playerMessages';

const SVG = 'http://www.w3.org/2000/svg';
const HEIGHT = 60;
/** The smallest bar a day with views gets, so one view still shows. */
const MIN_BAR = 2;

function dayText(day: number): string {
  return new Date(day).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

const DAY_MS = 86_400_000;

/** `count` days from the UTC day starting at `from`, each with the views of the rows on it (0 for none). */
export function dailyViews(from: number, count: number, rows: readonly ChartDay[]): ChartDay[] {
  const days = Array.from({ length: count }, (_, i) => ({ day: from + i * DAY_MS, views: 0 }));
  for (const row of rows) {
    const day = days[Math.floor((row.day - from) / DAY_MS)];
    if (day) day.views += row.views;
  }
  return days;
}

/**
 * Views per day as plain SVG bars (one per day, oldest left), each with a tooltip; days without
 * views show as a faint stub. Returns the number of bars drawn.
 */
export function drawViewsChart(svg: SVGSVGElement, days: readonly ChartDay[]): number {
  svg.replaceChildren();
  const width = Math.max(svg.clientWidth, 300);
  svg.setAttribute('viewBox', `0 0 ${width} ${HEIGHT}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  const max = Math.max(1, ...days.map((d) => d.views));
  const step = width / Math.max(days.length, 1);
  days.forEach((d, i) => {
    const height = d.views ? Math.max(MIN_BAR, (d.views / max) * (HEIGHT - 2)) : 1;
    const bar = document.createElementNS(SVG, 'rect');
    bar.setAttribute('x', String(i * step + 1));
    bar.setAttribute('y', String(HEIGHT - height));
    bar.setAttribute('width', String(Math.max(step - 2, 1)));
    bar.setAttribute('height', String(height));
    if (!d.views) bar.setAttribute('class', 'zero');
    const title = document.createElementNS(SVG, 'title');
    title.textContent = `${dayText(d.day)}: ${d.views} ${d.views === 1 ? 'view' : 'views'}`;
    bar.append(title);
    svg.append(bar);
  });
  return svg.querySelectorAll('rect').length;
}
