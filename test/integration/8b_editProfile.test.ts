import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startEmulator } from '../emulator';
import { TOKEN, answer, assertAllAnswered, emulator, eventually, signIn, type PromptRequest } from './harness';
import { addProfile, baseUrlOf, currentBaseUrl, currentProfile, currentProject, freshRows, removeProfile } from './profileSteps';

type Message = Extract<PromptRequest, { kind: 'message' }>;
type Pick = Extract<PromptRequest, { kind: 'pick' }>;
const OTHER_TOKEN = 'lp-test-token-other-service-52d0';

/** Answers Edit Profile's field question with Base URL, then its box with `url`. */
const baseUrlAnswers = (url: string) => [
  (request: PromptRequest) => (request as Pick).items.find((item) => item.label === 'Base URL'),
  () => url,
];

describe('Edit Profile…, with several profiles', () => {
  it("changes a profile's base URL; a failing load names that profile's base URL, and its Change the Base URL edits it (not the setting, which applies to none)", async () => {
    await signIn();
    const before = currentProfile();
    try {
      await addProfile('Edit test', emulator.apiUrl, TOKEN);
      const unreachable = 'http://127.0.0.1:9/api';
      answer(
        (request) => (assert.equal(request.kind, 'pick'), (request as { items: ReadonlyArray<{ label: string }> }).items.find((item) => item.label === 'Base URL')),
        (request) => (assert.match((request as { options: { title: string } }).options.title, /Edit Profile “Edit test”: Base URL/), unreachable),
        // The kept token cannot be checked at an address that does not answer: saved only when asked to.
        (request) => (assert.match((request as Message).message, /could not check the API token of profile “Edit test” at http:\/\/127\.0\.0\.1:9\/api/), 'Save Anyway'),
      );
      assert.equal(await vscode.commands.executeCommand('livepeer.profiles.edit', 'Edit test'), true);
      assert.equal(currentBaseUrl(), unreachable);
      assert.equal(vscode.workspace.getConfiguration('livepeer').inspect('baseURL')?.globalValue, emulator.apiUrl, 'the setting is left alone');

      const [row] = await freshRows('signingKeys', 'livepeer.keys.refresh');
      assert.equal(row?.contextValue, 'loadError');
      assert.match(row.tooltip, /the base URL of profile “Edit test” \(Livepeer: Edit Profile…\)/);
      assert.doesNotMatch(row.tooltip, /livepeer\.baseURL/);

      answer((request) => (assert.match((request as { options: { title: string } }).options.title, /Edit Profile “Edit test”: Base URL/), emulator.apiUrl));
      await vscode.commands.executeCommand('livepeer.openBaseUrlSetting');
      assert.equal(currentBaseUrl(), emulator.apiUrl);
      assertAllAnswered();
    } finally {
      // Only when it is there: a profile gone by now is the body's failure, which this must not hide.
      await removeProfile('Edit test');
      if (before) await vscode.commands.executeCommand('livepeer.profiles.switch', before);
    }
  });

  it('checks the kept token at the new base URL first: rejected there, the safe answer keeps the old one; Set API Token moves it with a token for the new one, and its project is named', async () => {
    await signIn();
    const before = currentProfile();
    const other = await startEmulator({ tokens: [OTHER_TOKEN] });
    try {
      await addProfile('Moving', emulator.apiUrl, TOKEN);
      await eventually(() => assert.equal(currentProject(), 'Default Project'));
      let told: Message | undefined;
      answer(...baseUrlAnswers(other.apiUrl), (request) => ((told = request as Message), undefined));
      assert.equal(await vscode.commands.executeCommand('livepeer.profiles.edit', 'Moving'), false);
      assert.match(told?.message ?? '', new RegExp(`${other.apiUrl} rejected the API token of profile “Moving”: it still uses ${emulator.apiUrl}`));
      assert.equal(told?.modal, true);
      assert.equal(currentBaseUrl(), emulator.apiUrl, 'the safe answer keeps the old address');
      assert.equal(await baseUrlOf('Moving'), emulator.apiUrl, 'Edit Profile… shows the old address');
      assert.deepEqual(other.requests.map((r) => r.status), [401], 'only the check reached the new address');

      const since = other.requests.length;
      answer(
        ...baseUrlAnswers(other.apiUrl),
        () => 'Set API Token',
        (request) => (assert.match((request as { options: { title: string } }).options.title, /API Token for/), OTHER_TOKEN),
      );
      assert.equal(await vscode.commands.executeCommand('livepeer.profiles.edit', 'Moving'), true);
      assert.equal(currentBaseUrl(), other.apiUrl);
      assert.ok(!(await freshRows('streams', 'livepeer.streams.refresh')).some((row) => row.contextValue === 'loadError'), 'the views load from the new address');
      // Its project is learned at the new address, and the picker names it.
      await eventually(() => assert.equal(currentProject(), 'Default Project'));
      assert.ok(other.requests.slice(since).some((r) => r.method === 'GET' && r.url === '/api/project'));
      answer((request) => (assert.match((request as Pick).items.find((item) => item.label.includes('Moving'))?.description ?? '', /^Default Project · /), undefined));
      await vscode.commands.executeCommand('livepeer.profiles.switch');
      const refused = other.requests.slice(since).filter((r) => r.status === 401);
      assert.deepEqual(refused.map((r) => r.url), ['/api/access-control/signing-key?limit=1'], 'the old token went to the new address only to be checked, then no call refused');
      assertAllAnswered();
    } finally {
      await removeProfile('Moving');
      if (before) await vscode.commands.executeCommand('livepeer.profiles.switch', before);
      await other.close();
    }
  });
});
