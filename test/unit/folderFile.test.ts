import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { StudioClient } from '../../src/api';
import { fileInsideFolders } from '../../src/operations/folderFile';
import type { FolderFile } from '../../src/operations/folderFile';
import { Refused } from '../../src/operations/refusal';
import { refusalSentence } from '../../src/tools/refusalWords';
import { runTool } from '../../src/tools/runTool';
import { toolNamed } from '../../src/tools/table';
import { TempDir } from './helpers/uploadFiles';
import { toolContext } from './helpers/toolContext';

/** Refused, in the words the tool answers with. */
const rejects = (given: string, folders: string[], message: RegExp) =>
  assert.rejects(fileInsideFolders(given, folders), (error: unknown) => error instanceof Refused && message.test(refusalSentence(error.refusal)));

// The upload tool sends only a file inside an open folder: paths and links resolved, on real files.
describe('upload tool: a file inside the open folders only (real files and links)', () => {
  let outside: TempDir;
  let workspace: TempDir;
  let folder: string;

  beforeEach(() => {
    outside = new TempDir('folder-file-outside-');
    workspace = new TempDir('folder-file-workspace-');
    folder = workspace.path;
    fs.mkdirSync(path.join(folder, 'media'));
    fs.writeFileSync(path.join(folder, 'media', 'talk.mp4'), Buffer.alloc(2_500_000));
    fs.writeFileSync(outside.file('secret.mp4'), 'not yours');
    fs.symlinkSync(outside.file('secret.mp4'), path.join(folder, 'media', 'link.mp4'));
    fs.symlinkSync(outside.path, path.join(folder, 'elsewhere'));
  });

  afterEach(() => {
    workspace.remove();
    outside.remove();
  });

  it('finds a file by a path relative to a folder or absolute inside one, with its real path and size', async () => {
    const real = fs.realpathSync(path.join(folder, 'media', 'talk.mp4'));
    assert.deepEqual(await fileInsideFolders('media/talk.mp4', [outside.file('none'), folder]), { path: real, size: 2_500_000 });
    assert.deepEqual(await fileInsideFolders(path.join(folder, 'media', 'talk.mp4'), [folder]), { path: real, size: 2_500_000 });
  });

  it('refuses a path outside, through .., through a link to a file or a folder outside; a folder; a missing file; no folder open', async () => {
    await rejects(outside.file('secret.mp4'), [folder], /is outside the open folders \(links followed\)/);
    await rejects('../' + path.basename(outside.path) + '/secret.mp4', [folder], /is outside the open folders/);
    await rejects('media/link.mp4', [folder], /is outside the open folders/);
    await rejects('elsewhere/secret.mp4', [folder], /is outside the open folders/);
    await rejects('media', [folder], /media is not a file/);
    await rejects('media/none.mp4', [folder], /was not found in the open folders/);
    await rejects('media/talk.mp4', [], /no folder is open/);
  });

  it('the tool: confirms with the real path and size; a file outside reaches no upload; outside VS Code it is not offered', async () => {
    const tool = toolNamed('livepeer_upload_file');
    assert.ok(tool?.describeChange !== undefined);
    const real = fs.realpathSync(path.join(folder, 'media', 'talk.mp4'));
    assert.equal(await tool.describeChange({ path: 'media/talk.mp4', name: 'Talk' }, { folders: () => [folder] }), `upload the file ${real} (2.5 MB) as a new asset “Talk”`);
    const client = new StudioClient({ baseUrl: 'http://127.0.0.1:9/api', getToken: () => 'tok-folder-file', userAgent: 'test', retry: { maxRetries: 0 } });
    try {
      const sent: Array<[FolderFile, string]> = [];
      const context = { ...toolContext(client, 'tok-folder-file', 'http://127.0.0.1:9/api'), folders: () => [folder], uploadFile: async (file: FolderFile, name: string) => (sent.push([file, name]), { assetId: 'a1', name, state: 'uploading' as const }) };
      const refused = await runTool(tool, { path: 'media/link.mp4' }, context);
      assert.equal(refused.isError, true);
      assert.match(refused.text, /is outside the open folders/);
      assert.deepEqual(sent, []);
      const answer = await runTool(tool, { path: 'media/talk.mp4' }, context);
      assert.equal(answer.isError, false, answer.text);
      assert.deepEqual(sent, [[{ path: real, size: 2_500_000 }, 'talk.mp4']]);
      assert.match((await runTool(tool, { path: 'media/talk.mp4' }, toolContext(client, 'tok-folder-file', 'http://127.0.0.1:9/api'))).text, /offered only inside VS Code/);
    } finally {
      await client.close();
    }
  });
});
