import assert from 'node:assert/strict';
import { describeMachine, measureMachine, ratioTo } from '../bench/machineReference';

describe('benchmarks: the same-run machine reference their figures are set beside', () => {
  it('measures Node start-up and a fixed CPU task, and says them in one line', function () {
    this.timeout(60_000);
    const machine = measureMachine();
    assert.ok(machine.nodeStartMs > 0 && machine.cpuTaskMs > 0 && machine.cpuTaskMiBps > 0, JSON.stringify(machine));
    assert.match(describeMachine(machine), /^machine reference \(same run\): node start-up [\d.]+ ms, SHA-256 of 64 MiB [\d.]+ ms \([\d.]+ MiB\/s\)$/);
    assert.equal(ratioTo(81, 40), 2.03);
  });
});
