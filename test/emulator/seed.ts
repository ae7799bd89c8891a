import type { Store } from './store';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const STREAM_NAMES = [
  'Sunday Service', 'Product Launch Keynote', 'Lo-fi Beats 24/7', 'Esports Finals', 'Cooking with Ana',
  'Morning Yoga', 'City Council Meeting', 'Indie Game Dev', 'Jazz Night Live', 'Tech Talk Tuesday',
  'Charity Marathon', 'Wedding Lisbon', 'Drone Footage Test', 'Podcast Recording', 'Ops Camera North Gate',
  'Classroom 3B', 'Webinar: Intro to Video', 'Night Sky Timelapse', 'U12 Football League', 'Studio B Backup Feed',
];

/**
 * Demo account: a handful of keys and ~20 streams with past sessions. A fixed PRNG seed keeps
 * the flags and times the same on every run so people can rely on what they see.
 */
export function seed(store: Store, now = Date.now()): void {
  const random = mulberry32(0x5eed);

  store.addSigningKey({ name: 'Production player', createdAt: now - 200 * DAY, lastSeen: now - 5 * MINUTE });
  store.addSigningKey({ name: 'Staging', createdAt: now - 120 * DAY, lastSeen: now - 3 * DAY });
  store.addSigningKey({ name: 'Old web key', createdAt: now - 400 * DAY, lastSeen: now - 90 * DAY, disabled: true });
  store.addSigningKey({ name: 'Mobile app 2023', createdAt: now - 500 * DAY, disabled: true });

  STREAM_NAMES.forEach((name, i) => {
    const createdAt = now - (30 + Math.floor(random() * 300)) * DAY;
    const isActive = i % 5 === 0;
    const lastSeen = isActive ? now - Math.floor(random() * 10) * 1000 : now - Math.floor(random() * 30 * DAY);
    // Older objects in the real service lack these flags entirely; clients must treat that as false.
    const flags = i % 7 === 3 ? {} : { isActive, record: i % 3 === 0 };
    const parent = store.addStream({
      name,
      createdAt,
      lastSeen,
      ...flags,
      isHealthy: isActive ? true : null,
      suspended: false,
      sourceSegments: Math.floor(random() * 5000),
      sourceSegmentsDuration: Math.round(random() * 20000 * 10) / 10,
    });
    const sessions = 1 + Math.floor(random() * 3);
    for (let s = 1; s <= sessions; s++) {
      store.addStream({
        name,
        parentId: parent.id,
        createdAt: lastSeen - s * DAY - HOUR,
        lastSeen: lastSeen - s * DAY,
        isActive: false,
        record: parent.record,
        sourceSegments: Math.floor(random() * 2000),
        sourceSegmentsDuration: Math.round(random() * 8000 * 10) / 10,
      });
    }
  });

  // Signed playback (a jwt policy) for Sign Playback Token and Check Playback Access.
  const webinar = [...store.streams.values()].find((s) => s.name === 'Webinar: Intro to Video' && !s.parentId);
  if (webinar) webinar.playbackPolicy = { type: 'jwt' };
  const replay = store.createAsset('Members-only Replay', 'Emulator token 1');
  Object.assign(replay, { createdAt: now - 7 * DAY, size: 52_428_800, status: { phase: 'ready', updatedAt: now - 7 * DAY }, playbackPolicy: { type: 'jwt' } });
}

function mulberry32(state: number): () => number {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
