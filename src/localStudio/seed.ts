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
 * Demo account: a handful of keys; ~20 streams (live ones healthy and not, one suspended, two with
 * signed playback) with past sessions and their recordings (ready, being processed, none); and a few
 * assets (ready with thumbnails, processing, failed). A fixed PRNG seed keeps the flags and times
 * the same on every run so people can rely on them.
 */
export function seed(store: Store, now = Date.now()): void {
  const random = mulberry32(0x5eed);

  store.addSigningKey({ name: 'Production player', createdAt: now - 200 * DAY, lastSeen: now - 5 * MINUTE });
  store.addSigningKey({ name: 'Staging', createdAt: now - 120 * DAY, lastSeen: now - 3 * DAY });
  store.addSigningKey({ name: 'Old web key', createdAt: now - 400 * DAY, lastSeen: now - 90 * DAY, disabled: true });
  store.addSigningKey({ name: 'Mobile app 2023', createdAt: now - 500 * DAY, disabled: true });

  seedAssets(store, now);

  STREAM_NAMES.forEach((name, i) => {
    const createdAt = now - (30 + Math.floor(random() * 300)) * DAY;
    const isActive = i % 5 === 0;
    const lastSeen = isActive ? now - Math.floor(random() * 10) * 1000 : now - Math.floor(random() * 30 * DAY);
    // Older objects in the real service lack these flags entirely; clients must treat that as false.
    const flags = i % 7 === 3 ? {} : { isActive: false, record: i % 3 === 0 };
    const parent = store.addStream({
      name,
      createdAt,
      lastSeen,
      ...flags,
      suspended: i === 17,
      playbackPolicy: i === 1 || i === 10 ? { type: 'jwt' } : { type: 'public' },
      sourceSegments: Math.floor(random() * 5000),
      sourceSegmentsDuration: Math.round(random() * 20000 * 10) / 10,
    });
    const sessions = 1 + Math.floor(random() * 3);
    for (let s = sessions; s >= 1; s--) {
      const ended = lastSeen - s * DAY;
      const duration = Math.round((10 + random() * 110) * 60);
      // The newest past session of a recorded stream is still being processed.
      const recordingStatus = parent.record ? (s === 1 && isActive ? 'waiting' : 'ready') : 'none';
      store.addStream({
        name,
        parentId: parent.id,
        createdAt: ended - duration * 1000,
        lastSeen: ended,
        isActive: false,
        record: parent.record,
        recordingStatus,
        sourceSegments: Math.ceil(duration / 2),
        sourceSegmentsDuration: duration,
      });
    }
    // A connection that never sent video: the sessions list leaves it out.
    if (i % 4 === 1) store.addStream({ name, parentId: parent.id, createdAt: lastSeen - HOUR, lastSeen: lastSeen - HOUR, isActive: false, sourceSegments: 0 });
    if (isActive) {
      const liveFor = (5 + Math.floor(random() * 170)) * MINUTE;
      const healthy = i !== 5;
      store.startSession(parent, { createdAt: now - liveFor, lastSeen, sourceSegmentsDuration: liveFor / 1000, sourceSegments: Math.round(liveFor / 2000) });
      Object.assign(parent, { lastSeen, isHealthy: healthy }, healthy ? {} : { issues: ['Low input bitrate: 0.4 Mbps', 'Keyframe interval above 4 s'] });
    }
  });

  // Signed playback (a jwt policy) for Sign Playback Token and Check Playback Access.
  const webinar = [...store.streams.values()].find((s) => s.name === 'Webinar: Intro to Video' && !s.parentId);
  if (webinar) webinar.playbackPolicy = { type: 'jwt' };
  const replay = store.createAsset('Members-only Replay', 'Emulator token 1');
  Object.assign(replay, { createdAt: now - 7 * DAY, size: 52_428_800, status: { phase: 'ready', updatedAt: now - 7 * DAY }, playbackPolicy: { type: 'jwt' } });
}

/** Demo videos: several ready (with thumbnails), one signed, one still processing, one failed. */
function seedAssets(store: Store, now: number): void {
  const ready = [
    { name: 'Product Launch Keynote', size: 412_000_000, age: 2 * DAY },
    { name: 'Wedding highlights', size: 96_500_000, age: 9 * DAY },
    { name: 'Drone flyover — coast', size: 188_000_000, age: 21 * DAY },
    { name: 'Onboarding tutorial', size: 54_200_000, age: 45 * DAY },
    { name: 'Podcast ep. 42', size: 310_000_000, age: 80 * DAY },
  ];
  for (const { name, size, age } of ready) {
    store.addAsset({ name, size, createdAt: now - age, status: { phase: 'ready', updatedAt: now - age + 10 * MINUTE } });
  }
  store.addAsset({
    name: 'Members-only masterclass',
    size: 240_000_000,
    createdAt: now - 4 * DAY,
    status: { phase: 'ready', updatedAt: now - 4 * DAY },
    playbackPolicy: { type: 'jwt' },
  });
  store.addAsset({
    name: 'broken-export.mov',
    createdAt: now - 3 * HOUR,
    status: { phase: 'failed', updatedAt: now - 3 * HOUR + MINUTE, errorMessage: 'Failed to process the file: moov atom not found' },
  });
  // Processes slowly in the demo, so the view's auto-refresh can be watched.
  const processing = store.addAsset({ name: 'Conference day 2', size: 720_000_000, createdAt: now - 5 * MINUTE, status: { phase: 'waiting' } });
  store.process(processing.id, 15_000);
}

function mulberry32(state: number): () => number {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
