import * as vscode from 'vscode';
import { TOP_LEVEL_ROWS, groupEnd, groupStart } from './pagedList';

/**
 * A collapsed row holding the rows `from`..`to` (from 0, `to` excluded) of a paged view past its
 * first TOP_LEVEL_ROWS rows ("Streams 501–1,000", "Streams 1,001–2,000"). VS Code redraws a view's whole top-level list when
 * it changes: with the rows in groups, Load more… adds one top-level row, whatever was shown before.
 */
export class PageGroupItem extends vscode.TreeItem {
  constructor(
    readonly from: number,
    public to: number,
    label: string,
  ) {
    super(label, vscode.TreeItemCollapsibleState.Collapsed);
    // By position, so an expanded group stays expanded when the list is drawn again.
    this.id = `livepeer.rows.${from}`;
    this.contextValue = 'rowGroup';
  }
}

/**
 * A view's page groups: one object per group while the view keeps its rows, so VS Code keeps each
 * group's state (collapsed, expanded) across redraws and a reveal finds the group it drew.
 */
export class PageGroups {
  private readonly groups = new Map<number, PageGroupItem>();

  /** @param label the group's words, a whole localised sentence of its first and last row's numbers ("Streams {0}–{1}"). */
  constructor(private readonly label: (first: string, last: string) => string) {}

  /** The groups of a list of `count` rows: none for the first TOP_LEVEL_ROWS rows, then one per group (see groupEnd). */
  of(count: number): PageGroupItem[] {
    for (const from of this.groups.keys()) if (from >= count) this.groups.delete(from);
    const groups: PageGroupItem[] = [];
    for (let from = TOP_LEVEL_ROWS; from < count; from = groupEnd(from)) groups.push(this.at(from, count));
    return groups;
  }

  /** The group that holds row `index` of `count`; undefined for a row of the first page (a top-level row). */
  holding(index: number, count: number): PageGroupItem | undefined {
    return index < TOP_LEVEL_ROWS ? undefined : this.at(groupStart(index), count);
  }

  clear(): void {
    this.groups.clear();
  }

  private at(from: number, count: number): PageGroupItem {
    const to = Math.min(count, groupEnd(from));
    const label = this.label((from + 1).toLocaleString(), to.toLocaleString());
    const kept = this.groups.get(from);
    if (!kept) {
      const group = new PageGroupItem(from, to, label);
      this.groups.set(from, group);
      return group;
    }
    kept.to = to;
    kept.label = label;
    return kept;
  }
}
