// The Quality and Usage page's script (bundled alone into dist/quality.js): lays out the figures
// the extension sends (every text already in the person's language) and reports the period picked.
import { PERIOD_CHOICES, type FromQualityPage, type QualityModel, type QualitySection, type ToQualityPage } from '../qualityMessages';

declare function acquireVsCodeApi(): { postMessage(message: FromQualityPage): void };

const vscode = acquireVsCodeApi();

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

const title = element('h2');
const periods = element('div', 'periods');
const custom = element('div', 'custom');
const from = element('input');
const to = element('input');
from.type = to.type = 'date';
const fromLabel = element('label');
const toLabel = element('label');
const fromText = element('span');
const toText = element('span');
const apply = element('button', 'apply');
fromLabel.append(fromText, ' ', from);
toLabel.append(toText, ' ', to);
custom.append(fromLabel, toLabel, apply);
const when = element('div', 'when');
const content = element('div');
document.body.append(title, periods, custom, when, content);
apply.addEventListener('click', () => vscode.postMessage({ type: 'custom', from: from.value, to: to.value }));

function section(part: QualitySection): HTMLElement[] {
  const table = element('table');
  for (const row of part.rows) {
    const line = table.insertRow();
    line.append(element('td', 'label', row.label), element('td', 'value', row.value));
    const more = element('td', 'hint', row.hint);
    if (row.bar !== undefined) {
      const track = element('div', 'track');
      const fill = element('div', 'fill');
      // Set through the style object, which the page's policy allows (no inline style attribute).
      fill.style.width = `${Math.round(Math.min(Math.max(row.bar, 0), 1) * 100)}%`;
      track.append(fill);
      more.append(track);
    }
    line.append(more);
  }
  return [element('h3', undefined, part.heading), ...(part.problem ? [element('div', 'problem', part.problem)] : []), table];
}

function show(model: QualityModel): void {
  title.textContent = model.title;
  periods.replaceChildren(
    ...PERIOD_CHOICES.map((choice) => {
      const button = element('button', choice === model.period ? 'selected' : undefined, model.periodLabels[choice]);
      button.addEventListener('click', () => (choice === 'custom' ? custom.classList.add('open') : vscode.postMessage({ type: 'period', period: choice })));
      return button;
    }),
  );
  custom.classList.toggle('open', model.period === 'custom' || custom.classList.contains('open'));
  from.value = model.custom.from;
  to.value = model.custom.to;
  fromText.textContent = model.custom.fromLabel;
  toText.textContent = model.custom.toLabel;
  apply.textContent = model.custom.apply;
  when.textContent = model.loading ?? model.periodText;
  content.replaceChildren(...(model.problem ? [element('div', 'problem', model.problem)] : []), ...model.sections.flatMap(section));
  vscode.postMessage({ type: 'shown', text: document.body.innerText });
}

window.addEventListener('message', (event: MessageEvent<ToQualityPage>) => {
  if (event.data?.type === 'show') show(event.data.model);
});

vscode.postMessage({ type: 'ready' });
