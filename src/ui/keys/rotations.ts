import type * as vscode from 'vscode';

const STATE_KEY = 'livepeer.signingKeyRotations';

/**
 * One rotation in progress. `deploy`: the new key exists and the old one is still enabled, until the
 * person has deployed the new key. `verify`: the old key is disabled, until playback is verified and
 * the old key deleted.
 */
export interface Rotation {
  oldKeyId: string;
  newKeyId: string;
  oldName: string;
  newName: string;
  step: 'deploy' | 'verify';
  startedAt: number;
}

/**
 * Rotations in progress of the current profile, remembered across restarts (globalState, one list
 * per profile) so both keys show where the rotation stopped and Continue Rotation can pick it up;
 * another profile's stay as they are until it is current again. Holds ids and names only.
 */
export class Rotations {
  constructor(
    private readonly state: vscode.Memento,
    private readonly profileId: () => string | undefined,
  ) {}

  /** A removed profile's rotations go with it. */
  static forget(state: vscode.Memento, profileId: string): PromiseLike<void> {
    return state.update(`${STATE_KEY}.${profileId}`, undefined);
  }

  private get key(): string | undefined {
    const profileId = this.profileId();
    return profileId && `${STATE_KEY}.${profileId}`;
  }

  all(): Rotation[] {
    return this.key ? this.state.get<Rotation[]>(this.key, []) : [];
  }

  /** The rotation a key takes part in, as the old or the new key. */
  of(keyId: string): { rotation: Rotation; role: 'old' | 'new' } | undefined {
    for (const rotation of this.all()) {
      if (rotation.oldKeyId === keyId) return { rotation, role: 'old' };
      if (rotation.newKeyId === keyId) return { rotation, role: 'new' };
    }
    return undefined;
  }

  async save(rotation: Rotation): Promise<void> {
    if (!this.key) return;
    await this.state.update(this.key, [...this.all().filter((r) => r.oldKeyId !== rotation.oldKeyId), rotation]);
  }

  /** Ends every rotation the key takes part in (it was deleted, or the old key was enabled again). */
  async end(keyId: string): Promise<void> {
    if (!this.key) return;
    await this.state.update(
      this.key,
      this.all().filter((r) => r.oldKeyId !== keyId && r.newKeyId !== keyId),
    );
  }
}
