// A new user's settings: nothing written, so every value the extension reads is the manifest's
// default. This window starts with a fresh profile and runs this file first, before any test writes
// a setting (an unset deprecated chunk size once read as 0 and failed every upload).
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { settings } from '../../src/ui/common/settings';
import { uploadSettings } from '../../src/ui/common/uploadSettings';
import { studioSettings } from '../../src/ui/localStudio/studioSettings';
import { DEFAULT_CHUNK_SIZE_MIB, chooseMethod, chunkBytes } from '../../src/upload';
import { rawManifest } from '../unit/helpers/manifest';

const properties = rawManifest().contributes.configuration.properties;

/** What the extension reads for each contributed setting, in the setting's own unit. */
const reads: Record<string, () => unknown> = {
  'livepeer.assistantTools': settings.assistantTools,
  'livepeer.baseURL': settings.baseUrl,
  'livepeer.profile': settings.profilePin,
  'livepeer.requestTimeoutSeconds': () => settings.requestTimeoutMs() / 1000,
  'livepeer.streams.autoRefreshSeconds': settings.streamsAutoRefreshSeconds,
  'livepeer.player.accessKeys': settings.playerAccessKeys,
  'livepeer.localStudio.port': studioSettings.port,
  'livepeer.localStudio.keepRunning': studioSettings.keepRunning,
  'livepeer.upload.method': uploadSettings.method,
  'livepeer.upload.askMethod': uploadSettings.askMethod,
  'livepeer.upload.chunkSize': uploadSettings.chunkSizeMiB,
  'livepeer.upload.concurrency': uploadSettings.concurrency,
};

describe('settings of a new user (nothing written)', () => {
  it('every contributed setting is read by the extension, and none is set in this profile', () => {
    assert.deepEqual(Object.keys(reads).sort(), Object.keys(properties).sort(), 'a reader for each contributed setting');
    for (const key of Object.keys(properties)) {
      const inspected = vscode.workspace.getConfiguration().inspect(key);
      assert.ok(inspected, `${key} is contributed`);
      assert.deepEqual([inspected.globalValue, inspected.workspaceValue, inspected.workspaceFolderValue], [undefined, undefined, undefined], `${key} is not set`);
    }
  });

  for (const key of Object.keys(reads)) {
    it(`${key}: the extension reads the documented default`, () => {
      assert.deepEqual(reads[key](), properties[key].default);
    });
  }

  it('an upload gets what the engine needs: auto picks direct below 32 MiB and tus above, in 64 MiB chunks', () => {
    assert.equal(chunkBytes(uploadSettings.chunkSizeMiB()), DEFAULT_CHUNK_SIZE_MIB * 2 ** 20);
    assert.equal(chooseMethod(uploadSettings.method(), 8 * 2 ** 20), 'direct');
    assert.equal(chooseMethod(uploadSettings.method(), 40 * 2 ** 20), 'tus');
    assert.equal(uploadSettings.askMethod(), false);
    assert.equal(uploadSettings.concurrency(), 2);
  });
});
