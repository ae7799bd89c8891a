// What happened between opening the container and the first rows, in ms from the command: when
// VS Code first asked each view for its rows, when the view answered, and each line the extension
// logged (its requests, with the service's time). `npm run bench:ui` prints it, and from it each
// view's `firstRowsFromAskMs`: from VS Code's first ask to the rows, the part that is the extension's.
import type * as vscode from 'vscode';
import { captured } from '../../integration/capture';

export function firstRowsTimeline(): { marks: string[]; fromAskMs: Map<string, number>; stop(): void } {
  const started = performance.now();
  const marks: string[] = [];
  const fromAskMs = new Map<string, number>();
  const mark = (what: string) => marks.push(`${Math.round(performance.now() - started)} ${what}`);
  const undo: Array<() => void> = [];
  for (const { id, provider, tree } of captured.views.values()) {
    const shown = tree?.onDidChangeVisibility(({ visible }) => mark(`${visible ? 'shown' : 'hidden'} ${id}`));
    if (shown) undo.push(() => void shown.dispose());
    const original = provider.getChildren.bind(provider);
    let asked = false;
    provider.getChildren = async (element?: unknown) => {
      if (element !== undefined || asked) return original(element);
      asked = true;
      mark(`asked ${id}`);
      const asking = performance.now();
      const rows = await original(element);
      fromAskMs.set(id, Math.round(performance.now() - asking));
      mark(`answered ${id}: ${(rows as vscode.TreeItem[] | undefined)?.length ?? 0} rows`);
      return rows;
    };
    undo.push(() => (provider.getChildren = original));
  }
  const lines = captured.logLines;
  const push = lines.push.bind(lines);
  lines.push = (...added: string[]) => {
    for (const line of added) mark(`log ${line.slice(0, 120)}`);
    return push(...added);
  };
  undo.push(() => (lines.push = push));
  return { marks, fromAskMs, stop: () => undo.forEach((step) => step()) };
}
