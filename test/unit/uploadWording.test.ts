import assert from 'node:assert/strict';
import { byteSize, quoted, rate, shortName, timeAgo } from '../../src/ui/common/format';
import { EstimateGate, Upload } from '../../src/upload';
import { describeBatch, describeProgress, duration, transferSummary } from '../../src/ui/uploads/progressText';

describe('upload wording: sizes, times and rates that read well', () => {
  it('picks the unit that reads best', () => {
    assert.equal(byteSize(800), '800 B');
    assert.equal(byteSize(512_000), '512 kB');
    assert.equal(byteSize(3_456_789), '3.5 MB');
    assert.equal(byteSize(105_000_000), '105 MB');
    assert.equal(byteSize(1_234_000_000), '1.2 GB');
    assert.equal(duration(85), '85 ms');
    assert.equal(duration(2_345), '2.3 s');
    assert.equal(duration(42_000), '42 s');
    assert.equal(duration(185_000), '3 min 5 s');
    assert.equal(duration(3_720_000), '1 h 2 min');
    assert.equal(rate(640_000), '640 kB/s');
  });

  it("says a time as Intl.RelativeTimeFormat's English does, without making one (its ICU data cost a view's first rows ~60 ms)", () => {
    const now = Date.UTC(2026, 10, 28);
    const english = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [['year', 365 * 864e5], ['month', 30 * 864e5], ['week', 7 * 864e5], ['day', 864e5], ['hour', 36e5], ['minute', 6e4]];
    for (const offset of [61e3, 9e5, 36e5, 54e5, 7.2e6, 864e5, 1.3e8, 1728e5, 6048e5, 1.2e9, 2592e6, 5e9, 31536e6, 7e10, 3.2e11]) {
      for (const sign of [-1, 1]) {
        const [unit, size] = units.find(([, size]) => offset >= size)!;
        assert.equal(timeAgo(now + sign * offset, now), english.format(Math.round((sign * offset) / size), unit), `${sign * offset} ms`);
      }
    }
    assert.equal(timeAgo(now - 30_000, now), 'just now');
    assert.equal(timeAgo(undefined, now), undefined);
  });

  it('computes the rate from the bytes and time actually spent, never "105 MB in 0.1 s at 0.0 MB/s"', () => {
    assert.equal(transferSummary(105_000_000, 2_300), 'sent 105 MB in 2.3 s (46 MB/s)');
    assert.equal(transferSummary(105_000_000, 100), 'sent 105 MB in 100 ms (1.1 GB/s)');
    assert.equal(transferSummary(0, 100), 'nothing left to send');
  });

  it('describes a running upload', () => {
    assert.equal(describeProgress({ bytesSent: 42, totalBytes: 100, bytesPerSecond: 12_300_000, etaSeconds: 4.2, fraction: 0.42 }), '42% · 12 MB/s · 5 s left');
    assert.equal(describeProgress({ bytesSent: 0, totalBytes: 100, bytesPerSecond: 0, etaSeconds: undefined, fraction: 0 }), '0%');
  });

  it('counts a paused file of a batch neither as done nor in the time left', () => {
    const MB = 1_000_000;
    const file = (name: string, sent: number, bytesPerSecond: number) => {
      const upload = new Upload({ request: { filePath: `/videos/${name}`, name, method: 'tus' } }, 'tus', { size: 100 * MB, mtimeMs: 1 });
      upload.progress = { bytesSent: sent, totalBytes: 100 * MB, bytesPerSecond, etaSeconds: undefined, fraction: sent / (100 * MB) };
      return upload;
    };
    const running = file('running.mp4', 30 * MB, 10 * MB);
    running.phase = 'running';
    const paused = file('paused.mp4', 20 * MB, 0);
    paused.end({ status: 'paused' });
    let now = 0;
    const gate = new EstimateGate(() => now);
    gate.ready(1, 1);
    now = 5_000;
    assert.equal(describeBatch([running, paused], gate).text, '0 of 2 files done · 1 paused · 50 MB of 200 MB · 10 MB/s · 7 s left');
  });

  it('shortens long names the way the Keys view does, without splitting a character', () => {
    const long = 'x'.repeat(300);
    assert.equal(shortName(long), `${'x'.repeat(47)}…`);
    assert.equal(shortName('short name'), 'short name');
    assert.equal(shortName(`${'🎬'.repeat(60)}`, 10), `${'🎬'.repeat(9)}…`);
    assert.equal(quoted(long).length, 50);
  });
});

