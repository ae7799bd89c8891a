import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { assertAllAnswered, emulator, eventually, signIn, view } from './harness';

/** The API requests made since `since`, by method and path without the query ("GET /api/stream": 1). */
function requestsSince(since: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { origin, method, url } of emulator.requests.slice(since)) {
    if (origin !== 'api') continue;
    const key = `${method} ${url.replace(/\?.*/, '')}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

const VIEWS = ['signingKeys', 'streams', 'assets'] as const;

describe('first rows after signing in', () => {
  afterEach(assertAllAnswered);

  it('each view asks the service once for its first rows (shown twice at once), and what the views share (the project) is read once', async () => {
    await vscode.commands.executeCommand('livepeer.clearToken');
    const now = Date.now();
    emulator.store.addSigningKey({ name: 'First rows key', createdAt: now });
    emulator.store.addStream({ name: 'First rows stream', createdAt: now, isActive: false });
    emulator.store.addAsset({ name: 'First rows.mp4', size: 1_000, createdAt: now, status: { phase: 'ready', updatedAt: now } });
    const since = emulator.requests.length;
    await signIn();
    // As VS Code draws them: each view's first rows, asked for again while the first answer is on its way.
    const drawn = await Promise.all(VIEWS.map((name) => Promise.all([view(name).rows(), view(name).rows()])));
    VIEWS.forEach((name, i) => assert.ok(drawn[i]?.every((rows) => rows.some((row) => /First rows/.test(String(row.label)))), `${name}: ${JSON.stringify(drawn[i]?.map((rows) => rows.map((row) => row.label)))}`));
    await eventually(() => assert.ok(requestsSince(since)['GET /api/project'], 'the project was learned'));
    // The token is checked once when it is set (a signing key list of 1); then one list per view, and the project once.
    assert.deepEqual(requestsSince(since), { 'GET /api/access-control/signing-key': 2, 'GET /api/stream': 1, 'GET /api/asset': 1, 'GET /api/project': 1 });
  });
});
