import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MessageItem } from '../../src/ui/common/messageItem';
import type { PromptRequest } from '../../src/ui/common/prompts';
import { startEmulator } from '../emulator';
import { TOKEN, answer, api, assertAllAnswered, emulator, eventually, signIn } from './harness';

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
    if (!api.session.hasToken) await signIn();
    const before = api.profiles.current?.id;
    const added = await api.profiles.change((store) => store.add({ name: 'Edit test', baseUrl: emulator.apiUrl, token: TOKEN }));
    try {
      await api.profiles.change((store) => store.choose(added.id));
      const unreachable = 'http://127.0.0.1:9/api';
      answer(
        (request) => (assert.equal(request.kind, 'pick'), (request as { items: ReadonlyArray<{ label: string }> }).items.find((item) => item.label === 'Base URL')),
        (request) => (assert.match((request as { options: { title: string } }).options.title, /Edit Profile “Edit test”: Base URL/), unreachable),
        // The kept token cannot be checked at an address that does not answer: saved only when asked to.
        (request) => (assert.match((request as Message).message, /could not check the API token of profile “Edit test” at http:\/\/127\.0\.0\.1:9\/api/), 'Save Anyway'),
      );
      assert.equal(await vscode.commands.executeCommand('livepeer.profiles.edit', added.id), true);
      assert.equal(api.profiles.store.get(added.id)?.baseUrl, unreachable);
      assert.equal(vscode.workspace.getConfiguration('livepeer').inspect('baseURL')?.globalValue, emulator.apiUrl, 'the setting is left alone');

      api.signingKeys.refresh();
      const [row] = (await api.signingKeys.getChildren()) as unknown as MessageItem[];
      assert.equal(row?.contextValue, 'loadError');
      assert.match(String(row.tooltip), /the base URL of profile “Edit test” \(Livepeer: Edit Profile…\)/);
      assert.doesNotMatch(String(row.tooltip), /livepeer\.baseURL/);

      answer((request) => (assert.match((request as { options: { title: string } }).options.title, /Edit Profile “Edit test”: Base URL/), emulator.apiUrl));
      await vscode.commands.executeCommand('livepeer.openBaseUrlSetting');
      assert.equal(api.profiles.store.get(added.id)?.baseUrl, emulator.apiUrl);
      assertAllAnswered();
    } finally {
      await api.profiles.change(async (store) => {
        // Only when it is there: a profile gone by now is the body's failure, which this must not hide.
        if (store.get(added.id)) await store.remove(added.id);
        if (before) await store.choose(before);
      });
    }
  });

  it('checks the kept token at the new base URL first: rejected there, the safe answer keeps the old one; Set API Token moves it with a token for the new one, and its project is named', async () => {
    if (!api.session.hasToken) await signIn();
    const before = api.profiles.current?.id;
    const other = await startEmulator({ tokens: [OTHER_TOKEN] });
    const added = await api.profiles.change((store) => store.add({ name: 'Moving', baseUrl: emulator.apiUrl, token: TOKEN }));
    try {
      await api.profiles.change((store) => store.choose(added.id));
      await eventually(() => assert.equal(api.profiles.store.get(added.id)?.project?.name, 'Default Project'));
      let told: Message | undefined;
      answer(...baseUrlAnswers(other.apiUrl), (request) => ((told = request as Message), undefined));
      assert.equal(await vscode.commands.executeCommand('livepeer.profiles.edit', added.id), false);
      assert.match(told?.message ?? '', new RegExp(`${other.apiUrl} rejected the API token of profile “Moving”: it still uses ${emulator.apiUrl}`));
      assert.equal(told?.modal, true);
      assert.equal(api.profiles.store.get(added.id)?.baseUrl, emulator.apiUrl, 'the safe answer keeps the old address');
      assert.deepEqual(other.requests.map((r) => r.status), [401], 'only the check reached the new address');

      const since = other.requests.length;
      answer(
        ...baseUrlAnswers(other.apiUrl),
        () => 'Set API Token',
        (request) => (assert.match((request as { options: { title: string } }).options.title, /API Token for/), OTHER_TOKEN),
      );
      assert.equal(await vscode.commands.executeCommand('livepeer.profiles.edit', added.id), true);
      assert.equal(api.profiles.store.get(added.id)?.baseUrl, other.apiUrl);
      await api.streams.refresh();
      assert.ok(!((await api.streams.getChildren()) ?? []).some((row) => row.contextValue === 'loadError'), 'the views load from the new address');
      // Its project is learned at the new address, and the picker names it.
      await eventually(() => assert.equal(api.profiles.store.get(added.id)?.project?.name, 'Default Project'));
      assert.ok(other.requests.slice(since).some((r) => r.method === 'GET' && r.url === '/api/project'));
      answer((request) => (assert.match((request as Pick).items.find((item) => item.label.includes('Moving'))?.description ?? '', /^Default Project · /), undefined));
      await vscode.commands.executeCommand('livepeer.profiles.switch');
      const refused = other.requests.slice(since).filter((r) => r.status === 401);
      assert.deepEqual(refused.map((r) => r.url), ['/api/access-control/signing-key?limit=1'], 'the old token went to the new address only to be checked, then no call refused');
      assertAllAnswered();
    } finally {
      await api.profiles.change(async (store) => {
        if (store.get(added.id)) await store.remove(added.id);
        if (before) await store.choose(before);
      });
      await other.close();
    }
  });
});
