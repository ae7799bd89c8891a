import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { VerifiedState } from '../../src/ui/common/verifiedState';

/**
 * globalState as VS Code's extension host keeps it (extHostMemento.ts): all keys in one object, a
 * write sent on a zero-delay timer with the object as it is then, and the echo of a write replacing
 * the whole object. `echoBeforeNextSend` delivers a stale echo (the object before the last write)
 * just before the next send: the interleaving that loses a write.
 */
class EchoingMemento implements vscode.Memento {
  value: Record<string, unknown> = {};
  private staleEcho: Record<string, unknown> | undefined;
  echoes = 0;

  keys(): readonly string[] {
    return Object.keys(this.value);
  }

  get<T>(key: string, defaultValue?: T): T {
    return (key in this.value ? this.value[key] : defaultValue) as T;
  }

  echoBeforeNextSend(): void {
    this.staleEcho = structuredClone(this.value);
  }

  update(key: string, value: unknown): Thenable<void> {
    this.value = { ...this.value, [key]: value };
    return new Promise((resolve) =>
      setTimeout(() => {
        if (this.staleEcho) {
          this.value = this.staleEcho;
          this.staleEcho = undefined;
          this.echoes++;
        }
        resolve();
      }, 0),
    );
  }
}

describe('globalState read back after each write (VerifiedState)', () => {
  it('the interleaving loses a write made straight to globalState (the model is right)', async () => {
    const memento = new EchoingMemento();
    await memento.update('livepeer.profiles', ['Default']);
    memento.echoBeforeNextSend();
    await memento.update('livepeer.profiles', ['Default', 'Client']);
    assert.equal(memento.echoes, 1);
    assert.deepEqual(memento.get('livepeer.profiles'), ['Default'], 'lost');
  });

  it('writes again what an echo undid, and reads what this window wrote meanwhile', async () => {
    const memento = new EchoingMemento();
    const state = new VerifiedState(memento);
    await state.update('livepeer.profiles', ['Default']);
    memento.echoBeforeNextSend();
    const writing = state.update('livepeer.profiles', ['Default', 'Client']);
    assert.deepEqual(state.get('livepeer.profiles'), ['Default', 'Client'], 'this window reads its write at once');
    await writing;
    assert.equal(memento.echoes, 1);
    assert.deepEqual(memento.get('livepeer.profiles'), ['Default', 'Client'], 'held in globalState');
    assert.deepEqual(state.get('livepeer.profiles'), ['Default', 'Client']);
  });

  it('a later write of the same key wins; a removed key reads as its default', async () => {
    const memento = new EchoingMemento();
    const state = new VerifiedState(memento);
    const first = state.update('k', 1);
    const second = state.update('k', 2);
    await Promise.all([first, second]);
    assert.equal(state.get('k'), 2);
    assert.equal(memento.get('k'), 2);
    await state.update('k', undefined);
    assert.equal(state.get('k', 'none'), 'none');
  });
});
