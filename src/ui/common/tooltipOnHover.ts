import type * as vscode from 'vscode';

/**
 * A row whose tooltip is built when it is hovered (the provider's resolveTreeItem), not with the
 * row: VS Code sends every tooltip of a list to the window each time it draws the list (each Load
 * more… draws it again), and a Markdown tooltip per row made that list several times its size.
 */
export interface TooltipOnHover {
  hoverTooltip(): vscode.MarkdownString;
}

/** A provider's resolveTreeItem for rows that build their tooltip on hover; other rows keep theirs. Duck-typed: rows may come from a bundle of their own. */
export function resolveTooltip(item: vscode.TreeItem, node: unknown): vscode.TreeItem {
  const build = (node as Partial<TooltipOnHover> | undefined)?.hoverTooltip;
  if (typeof build === 'function') item.tooltip = build.call(node);
  return item;
}
