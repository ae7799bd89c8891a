import type * as vscode from 'vscode';

/** A class that owns listeners, emitters and other disposables: `register` them, and `dispose` ends them all (the newest first). */
export abstract class Disposable implements vscode.Disposable {
  private readonly owned: vscode.Disposable[] = [];

  protected register<T extends vscode.Disposable>(disposable: T): T {
    this.owned.push(disposable);
    return disposable;
  }

  dispose(): void {
    for (const disposable of this.owned.splice(0).reverse()) disposable.dispose();
  }
}
