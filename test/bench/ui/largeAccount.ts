import type { Store } from '../../emulator';

/** The account, and `shownRows`: how many rows the benchmark brings Streams and Assets to with Load more…. */
export const LARGE_ACCOUNT = { signingKeys: 8, streams: 5_000, sessionsPerStream: 4, assets: 10_000, shownRows: 5_000 } as const;

/**
 * The benchmark's pause before each Load more…: VS Code's tree holds back a change event that comes
 * within 200 ms of the previous one, so a quicker click would measure that wait. A person reads the
 * new rows first.
 */
export const BETWEEN_CLICKS_MS = 400;

/** A large account for the UI benchmark: 8 signing keys, 5,000 streams with 20,000 sessions, and 10,000 assets. */
export function seedLargeAccount(store: Store, now = Date.now()): void {
  const minute = 60_000;
  for (let i = 0; i < LARGE_ACCOUNT.signingKeys; i++) store.addSigningKey({ name: `Key ${i + 1}`, createdAt: now - i * minute });
  for (let i = 0; i < LARGE_ACCOUNT.streams; i++) {
    const lastSeen = now - i * minute;
    const parent = store.addStream({ name: `Stream ${i + 1}`, createdAt: now - 400 * 24 * 60 * minute, lastSeen, isActive: i % 50 === 0, record: i % 3 === 0 });
    for (let s = 1; s <= LARGE_ACCOUNT.sessionsPerStream; s++) {
      store.addStream({ name: parent.name, parentId: parent.id, createdAt: lastSeen - s * 60 * minute, lastSeen: lastSeen - s * 50 * minute, isActive: false, sourceSegments: 100, sourceSegmentsDuration: 600 });
    }
  }
  for (let i = 0; i < LARGE_ACCOUNT.assets; i++) {
    const createdAt = now - i * minute;
    store.addAsset({ name: `Video ${i + 1}.mp4`, size: 10_000_000 + i, createdAt, status: { phase: 'ready', updatedAt: createdAt } });
  }
}
