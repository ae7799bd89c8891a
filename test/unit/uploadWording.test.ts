import assert from 'node:assert/strict';
import { byteSize, rate } from '../../src/ui/common/format';
import { describeProgress, duration, transferSummary } from '../../src/ui/uploads/progressText';

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

  it('computes the rate from the bytes and time actually spent, never "105 MB in 0.1 s at 0.0 MB/s"', () => {
    assert.equal(transferSummary(105_000_000, 2_300), 'sent 105 MB in 2.3 s (46 MB/s)');
    assert.equal(transferSummary(105_000_000, 100), 'sent 105 MB in 100 ms (1.1 GB/s)');
    assert.equal(transferSummary(0, 100), 'nothing left to send');
  });

  it('describes a running upload', () => {
    assert.equal(describeProgress({ bytesSent: 42, totalBytes: 100, bytesPerSecond: 12_300_000, etaSeconds: 4.2, fraction: 0.42 }), '42% · 12 MB/s · 5 s left');
    assert.equal(describeProgress({ bytesSent: 0, totalBytes: 100, bytesPerSecond: 0, etaSeconds: undefined, fraction: 0 }), '0%');
  });
});
