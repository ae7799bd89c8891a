import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS } from '../../src/ui/common/commandIds';

interface Manifest {
  contributes: { commands: Array<{ command: string }> };
}

/** Every id in COMMANDS, however deep. */
function idsOf(group: object): string[] {
  return Object.values(group).flatMap((value: unknown) => (typeof value === 'string' ? [value] : idsOf(value as object)));
}

describe('command ids', () => {
  const manifest = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as Manifest;
  const contributed = manifest.contributes.commands.map((c) => c.command).sort();
  const constants = idsOf(COMMANDS).sort();

  it('every constant is a contributed command, and every contributed command has its constant', () => {
    assert.deepEqual(
      constants.filter((id) => !contributed.includes(id)),
      [],
      'constants package.json does not contribute',
    );
    assert.deepEqual(
      contributed.filter((id) => !constants.includes(id)),
      [],
      'contributed commands without a constant',
    );
    assert.equal(new Set(constants).size, constants.length, 'no id twice');
  });

  it('a constant names its feature: COMMANDS.streams.refresh is livepeer.streams.refresh', () => {
    assert.equal(COMMANDS.streams.refresh, 'livepeer.streams.refresh');
    assert.equal(COMMANDS.showLog, 'livepeer.showLog');
    assert.equal(COMMANDS.streams['filter.all.checked'], 'livepeer.streams.filter.all.checked');
  });
});
