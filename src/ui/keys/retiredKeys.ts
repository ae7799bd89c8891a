import type * as vscode from 'vscode';

const STATE_KEY = 'livepeer.retiredSigningKeys';

/**
 * Keys disabled by a rotation and waiting for their final delete. Remembered across restarts so the
 * tree can keep saying "delete when verified". Holds key ids only, nothing secret.
 */
export class RetiredKeys {
  constructor(private readonly state: vscode.Memento) {}

  has(id: string): boolean {
    return id in this.all();
  }

  async add(id: string): Promise<void> {
    await this.state.update(STATE_KEY, { ...this.all(), [id]: Date.now() });
  }

  async remove(id: string): Promise<void> {
    const { [id]: _removed, ...rest } = this.all();
    await this.state.update(STATE_KEY, rest);
  }

  private all(): Record<string, number> {
    return this.state.get<Record<string, number>>(STATE_KEY, {});
  }
}
