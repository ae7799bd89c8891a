import type { Emulator } from '../../emulator';

/**
 * The account, and `shownRows`: how many rows the benchmark brings each paged view (Streams, Assets,
 * Webhooks, Tasks, Multistream Targets) and the bare provider beside them (floor/) to with Load more….
 */
export const LARGE_ACCOUNT = { signingKeys: 8, streams: 5_000, sessionsPerStream: 4, assets: 10_000, webhooks: 5_100, tasks: 5_100, multistreamTargets: 5_100, shownRows: 5_000 } as const;

/**
 * The benchmark's pause before each Load more…: VS Code's tree holds back a change event that comes
 * within 200 ms of the previous one, so a quicker click would measure that wait. A person reads the
 * new rows first.
 */
export const BETWEEN_CLICKS_MS = 400;

/**
 * A large account for the UI benchmark: 8 signing keys, 5,000 streams with 20,000 sessions, 10,000
 * assets, and 5,100 each of webhooks, ended tasks and multistream targets (more than shown: the
 * click to 5,000 rows adds rows before a Load more… row, as in Streams and Assets).
 */
export function seedLargeAccount({ store, webhooks, multistream }: Pick<Emulator, 'store' | 'webhooks' | 'multistream'>, now = Date.now()): void {
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
  // Ended, so the Tasks view does not keep reading them; before the webhooks, which would hear of each.
  for (let i = 0; i < LARGE_ACCOUNT.tasks; i++) {
    const task = store.tasks.create({ type: i % 2 ? 'clip' : 'export', phase: 'waiting', params: {}, userId: store.userId, projectId: store.projectId });
    task.createdAt = now - i * minute;
    if (i % 10) store.tasks.update(task, { phase: 'completed', progress: 1 });
    else store.tasks.fail(task, 'Failed to process the file');
  }
  for (let i = 0; i < LARGE_ACCOUNT.multistreamTargets; i++) multistream.add({ url: `rtmp://live.example.com/app/key-${i + 1}`, name: `Target ${i + 1}` }, store.userId);
  for (let i = 0; i < LARGE_ACCOUNT.webhooks; i++) webhooks.add({ name: `Hook ${i + 1}`, url: `https://hooks.example.com/${i + 1}`, events: ['recording.ready'] });
}
