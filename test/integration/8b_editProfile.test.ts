import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MessageItem } from '../../src/ui/common/messageItem';
import { TOKEN, answer, api, assertAllAnswered, emulator, signIn } from './harness';

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
});
