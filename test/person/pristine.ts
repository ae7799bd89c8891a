// The product as a user installs it: the packaged .vsix installed into a fresh VS Code server profile
// (no settings file, not development mode), a workspace with videos, and a person's keyboard and mouse.
// The only setting written points livepeer.baseURL at the emulator, in the machine settings file as
// the demo does; nothing about uploads, chunks, methods or views (an unset deprecated chunk size once
// failed every upload while every test that wrote the setting passed). The workspace's own
// .vscode/settings.json points livepeer.baseURL at a listener of its own, as a cloned repository could:
// it must get no request at all, until the same address is a machine (user) setting.
// Every request goes through proxies, as behind a company's: HTTPS_PROXY/HTTP_PROXY with
// NO_PROXY=<-loopback> in the server's environment, then http.proxy and http.noProxy typed into the
// User settings (where VS Code reads them for extensions: never from the Remote/machine settings file).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_TOKEN, startEmulator, type Emulator } from '../emulator';
import { arrived, uploadFromExplorer } from './explorerUpload';
import { checkNewWindowOverDamagedProfile, checkResumeOffer, startUploadToInterrupt } from './pristineRestart';
import { checkTasksLive } from './pristineTasks';
import { startLoggingProxy, typeUserSettings, type LoggingProxy } from './proxies';
import { openWorkbench, root, runCommand, until, type Page, type Workbench } from './workbench';

const MiB = 2 ** 20;
const VIDEOS = { small: { name: 'intro.mp4', bytes: 8 * MiB }, large: { name: 'keynote.mp4', bytes: 40 * MiB } };

/** `npm run package` as a release does; returns the .vsix. */
export function packageExtension(outDir: string): string {
  const vsix = join(outDir, 'livepeer-studio.vsix');
  const result = spawnSync('npm', ['run', 'package', '--silent', '--', '--out', vsix], { cwd: root, encoding: 'utf8' });
  assert.equal(result.status, 0, `npm run package failed: ${(result.stdout + result.stderr).slice(-2000)}`);
  return vsix;
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Whether the walkthrough shows step `id` ticked. */
async function ticked(page: Page, id: string): Promise<boolean> {
  const step = page.locator(`.getting-started-step[data-step-id$="#${id}"]`).first();
  await step.waitFor({ state: 'attached' });
  return (await step.getAttribute('aria-checked')) === 'true';
}

/** Opens the walkthrough step titled `title` and presses its button `button`. */
async function walkthroughButton(page: Page, title: string, button: string): Promise<void> {
  await page.getByText(title, { exact: true }).first().click();
  // Selecting a step focuses it after its slide animation; a person's next click comes later than that.
  await page.locator('.getting-started-step.expanded:focus', { hasText: title }).first().waitFor();
  await page.locator('.getting-started-step.expanded .monaco-button', { hasText: button }).first().click();
  await page.waitForSelector('.quick-input-widget', { state: 'visible' });
}

/** Types into the quick input showing `prompt` (as its placeholder or text) and presses Enter: the text lands there only if it has the keyboard focus. */
async function answer(page: Page, prompt: string, text: string): Promise<void> {
  await page.locator(`.quick-input-widget:has(input[placeholder*="${prompt}"]), .quick-input-widget:has-text("${prompt}")`).first().waitFor();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/**
 * The proxy `which` holds tunnels to both of the emulator's addresses (API and uploads) in its own log,
 * and every connection the emulator accepted came through one of the proxies' tunnels (none went direct).
 */
async function throughProxy(emulator: Emulator, proxies: Record<'env' | 'settings', LoggingProxy>, which: 'env' | 'settings'): Promise<void> {
  const origins = [new URL(emulator.apiUrl).origin, emulator.ingestOrigin];
  for (const origin of origins) assert.ok(proxies[which].tunnelsTo(origin) > 0, `the ${which} proxy's log has tunnels to ${origin}: ${proxies[which].tunnels.join(', ')}`);
  const tunnels = () => Object.values(proxies).reduce((sum, proxy) => sum + origins.reduce((n, origin) => n + proxy.tunnelsTo(origin), 0), 0);
  await until('every connection the emulator accepted to be a tunnel of a proxy', () => (emulator.connections === tunnels() ? true : undefined)).catch(() =>
    assert.fail(`${emulator.connections} connections at the emulator, ${tunnels()} tunnels to it: a request went direct`),
  );
}

export async function checkPristineProduct(screenshotDir: string): Promise<void> {
  const started = performance.now();
  const scratch = mkdtempSync(join(tmpdir(), 'livepeer-pristine-'));
  const emulator = await startEmulator({ seed: true, tokens: [DEFAULT_TOKEN], processingDelayMs: 50 });
  // No signing key (the walkthrough's button makes one); a webhook, for events nothing here causes (nothing is delivered).
  emulator.store.signingKeys.clear();
  emulator.webhooks.add({ name: 'Pristine receiver', url: 'http://127.0.0.1:9/hook', events: ['stream.started'], sharedSecret: 'pristine-webhook-secret' });
  // The folder's address: counts what reaches it, answers an empty list.
  const folderTarget = { requests: 0, authorized: 0 };
  const listener = createServer((req, res) => {
    folderTarget.requests++;
    if (req.headers.authorization === `Bearer ${DEFAULT_TOKEN}`) folderTarget.authorized++;
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const folderUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/api`;
  const proxies = { env: await startLoggingProxy(), settings: await startLoggingProxy() };
  let workbench: Workbench | undefined;
  try {
    const vsix = packageExtension(scratch);
    const workspace = join(scratch, 'workspace');
    mkdirSync(join(workspace, 'videos'), { recursive: true });
    const bytes = { small: randomBytes(VIDEOS.small.bytes), large: randomBytes(VIDEOS.large.bytes) };
    writeFileSync(join(workspace, 'videos', VIDEOS.small.name), bytes.small);
    writeFileSync(join(workspace, 'videos', VIDEOS.large.name), bytes.large);
    mkdirSync(join(workspace, '.vscode'));
    writeFileSync(join(workspace, '.vscode', 'settings.json'), JSON.stringify({ 'livepeer.baseURL': folderUrl }));

    const probeOut = join(scratch, 'exports.json');
    const env = { HTTPS_PROXY: proxies.env.url, HTTP_PROXY: proxies.env.url, NO_PROXY: '<-loopback>' };
    workbench = await openWorkbench({ workspace, vsix, probeOut, machineSettings: { 'livepeer.baseURL': emulator.apiUrl }, env });
    const { page } = workbench;
    const explorer = page.locator('.explorer-folders-view');
    await explorer.getByRole('treeitem', { name: 'videos', exact: true }).click({ timeout: 60_000 });

    // Sign in through the box Set API Token opens.
    await runCommand(page, 'Livepeer: Set API Token');
    await page.locator('.quick-input-widget input[type="password"]').waitFor();
    await page.keyboard.type(DEFAULT_TOKEN);
    await page.keyboard.press('Enter');
    await page.getByText('API token saved', { exact: false }).first().waitFor();
    await page.locator('.notifications-toasts', { hasText: 'ignored, because only your user settings decide where your API token is sent' }).first().waitFor();

    // The walkthrough: signed in is ticked; an upload that fails does not tick "Upload a video".
    await runCommand(page, 'Welcome: Open Walkthrough...');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Get Started with Livepeer Studio' }).first().click();
    assert.equal(await until('the signed-in step to be ticked', async () => ((await ticked(page, 'signedIn')) ? true : undefined)), true);
    // The streams and webhook the account holds tick their steps, though no Livepeer view was shown yet;
    // the account holds no signing key until the step's own button made one.
    for (const step of ['createStream', 'createWebhook']) assert.equal(await until(`"${step}" to be ticked`, async () => ((await ticked(page, step)) ? true : undefined)), true);
    assert.equal(await ticked(page, 'createSigningKey'), false, 'no key yet');
    await walkthroughButton(page, 'Create a signing key', 'Create Signing Key');
    await answer(page, 'Name of the new key', 'Walkthrough key');
    await page.locator('.monaco-dialog-box .monaco-button', { hasText: 'Secret Storage' }).first().click();
    assert.equal(await until('"createSigningKey" to be ticked', async () => ((await ticked(page, 'createSigningKey')) ? true : undefined)), true);
    emulator.faults.fail({ origin: 'ingest', method: 'PUT', path: /./, status: 400, body: { errors: ['refused for the test'] } });
    await uploadFromExplorer(page, VIDEOS.small.name, 'Refused upload');
    await page.locator('.notifications-toasts', { hasText: 'could not upload' }).first().waitFor();
    assert.equal(await ticked(page, 'uploadVideo'), false, 'a failed upload does not tick "Upload a video"');
    await runCommand(page, 'Notifications: Clear All Notifications');

    // A small video goes directly (one PUT), byte-identical.
    await uploadFromExplorer(page, VIDEOS.small.name, 'Intro (pristine)');
    const small = await arrived(emulator, page, 'Intro (pristine)');
    assert.equal(small.sha256, sha256(bytes.small), `${VIDEOS.small.name} arrived byte-identical`);
    const smallSent = emulator.requests.filter((r) => r.origin === 'ingest' && r.assetId === small.id);
    assert.deepEqual(smallSent.map((r) => r.method), ['PUT'], `${VIDEOS.small.name} went by direct upload`);

    // A 40 MiB video goes by tus with the default 64 MiB chunk: one PATCH with the whole file.
    await uploadFromExplorer(page, VIDEOS.large.name, 'Keynote (pristine)');
    const large = await arrived(emulator, page, 'Keynote (pristine)');
    assert.equal(large.sha256, sha256(bytes.large), `${VIDEOS.large.name} arrived byte-identical`);
    const patches = emulator.requests.filter((r) => r.origin === 'ingest' && r.assetId === large.id && r.method === 'PATCH');
    assert.deepEqual(patches.map((r) => r.bodyBytes), [VIDEOS.large.bytes], `${VIDEOS.large.name} went by tus in one 64 MiB chunk`);
    await throughProxy(emulator, proxies, 'env');

    assert.equal(await until('"Upload a video" to be ticked', async () => ((await ticked(page, 'uploadVideo')) ? true : undefined)), true);

    // The walkthrough's buttons leave the keyboard in the inputs they open, at every step.
    await walkthroughButton(page, 'Create a stream', 'Create Stream');
    await answer(page, 'Name of the new stream', 'Walkthrough stream');
    await answer(page, 'Record the sessions', 'Recording on');
    await answer(page, 'Who may watch', 'Signed playback');
    // The renditions step: Enter keeps the service's default ladder, ticked.
    await answer(page, 'Renditions viewers can switch between', '');
    const stream = await until('the stream created from the walkthrough', () => [...emulator.store.streams.values()].find((s) => s.name === 'Walkthrough stream'));
    assert.deepEqual([stream.record, stream.playbackPolicy?.type], [true, 'jwt'], 'each answer was typed into its own step');
    await walkthroughButton(page, 'Upload a video', 'Upload Video');
    await answer(page, 'Select the video file', VIDEOS.small.name);
    await answer(page, 'Asset name for', 'Intro (walkthrough)');
    await arrived(emulator, page, 'Intro (walkthrough)');

    // The views list the account (rows near the top of each view: a row scrolled out of sight is not drawn).
    await runCommand(page, 'View: Show Livepeer');
    for (const name of ['Walkthrough key', 'Sunday Service', 'broken-export.mov', 'Keynote (pristine)']) {
      await page.locator('.pane-body .monaco-list-row', { hasText: name }).first().waitFor({ timeout: 15_000 });
    }
    // The installed product hands other extensions nothing from activate() (the tests wrap the vscode API instead).
    await runCommand(page, 'Livepeer Probe: Report What Livepeer Exports');
    const exported = await until('the probe to report', () => (existsSync(probeOut) ? (JSON.parse(readFileSync(probeOut, 'utf8')) as unknown) : undefined));
    assert.deepEqual(exported, { installed: true, active: true, type: 'undefined', keys: [] }, 'the installed extension exposes no internals');
    // An import from the palette is drawn in Tasks at once and followed; its row's actions are in its context menu.
    await checkTasksLive(page, emulator);
    // The base URL is a machine setting, titled "Base URL": in this browser-hosted VS Code, under Remote (where the extension runs).
    await runCommand(page, 'Preferences: Open User Settings');
    await page.locator('.settings-editor .settings-header .suggest-input-container').first().waitFor();
    await page.keyboard.type('livepeer base');
    await page.locator('.settings-editor .settings-header .action-label', { hasText: 'Remote' }).first().click();
    await page.locator('.settings-editor .setting-item-label', { hasText: /^Base URL$/ }).first().waitFor();

    // After Reload Window the status bar names the profile's project again, as the service says it now;
    // an upload the reload cut short is offered for resuming, and resumed by the notice's action.
    await page.locator('.statusbar-item', { hasText: 'Default Project' }).first().waitFor();
    const interrupted = await startUploadToInterrupt(page, emulator, VIDEOS.large.name, 'Keynote (interrupted)');
    const beforeReload = emulator.requests.length;
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    await runCommand(page, 'Developer: Reload Window');
    await reloaded;
    await page.locator('.statusbar-item', { hasText: 'Default Project' }).first().waitFor({ timeout: 60_000 });
    await until('the project to be asked for after Reload Window', () => (emulator.requests.slice(beforeReload).some((r) => r.method === 'GET' && r.url === '/api/project') ? true : undefined));
    assert.equal(await checkResumeOffer(page, emulator, interrupted), sha256(bytes.large), 'the resumed upload arrived byte-identical');

    // Nothing of all the above reached the folder's address; as a machine setting, it is used.
    assert.equal(folderTarget.requests, 0, "the workspace's livepeer.baseURL got requests");
    writeFileSync(workbench.machineSettingsFile, JSON.stringify({ 'livepeer.baseURL': folderUrl }));
    await runCommand(page, 'Livepeer: Refresh Signing Keys');
    await until('the user-set address to be called with the token', () => (folderTarget.authorized > 0 ? true : undefined));
    // The same uploads through http.proxy (it comes before the environment's), set as a person sets it,
    // to the emulator again (its keys listed: the machine setting is applied).
    const asked = emulator.requests.length;
    writeFileSync(workbench.machineSettingsFile, JSON.stringify({ 'livepeer.baseURL': emulator.apiUrl }));
    await runCommand(page, 'Livepeer: Refresh Signing Keys');
    await until('the emulator to be called again', () => (emulator.requests.length > asked ? true : undefined));
    await typeUserSettings(page, workbench.userSettingsFile, { 'http.proxy': proxies.settings.url, 'http.noProxy': ['<-loopback>'] });
    const envUploadTunnels = proxies.env.tunnelsTo(emulator.ingestOrigin);
    for (const [video, name] of [[VIDEOS.small, 'Intro (http.proxy)'], [VIDEOS.large, 'Keynote (http.proxy)']] as const) {
      await uploadFromExplorer(page, video.name, name);
      const stored = await arrived(emulator, page, name);
      assert.equal(stored.sha256, sha256(video === VIDEOS.small ? bytes.small : bytes.large), `${video.name} arrived byte-identical through http.proxy`);
    }
    await throughProxy(emulator, proxies, 'settings');
    assert.equal(proxies.env.tunnelsTo(emulator.ingestOrigin), envUploadTunnels, 'no upload went through the environment\'s proxy once http.proxy was set');
    // A new window over state another version damaged: the profile repair and the missing private key said.
    await checkNewWindowOverDamagedProfile(page, emulator, DEFAULT_TOKEN, 'Walkthrough key', 'Walkthrough stream');
    console.log(`pristine product: packaged .vsix installed in a fresh profile; token set in its box; walkthrough ticks from what the account holds and keeps the focus in its inputs; an import drawn in Tasks at once and followed; direct and tus (64 MiB chunk) uploads byte-identical through HTTPS_PROXY (${proxies.env.tunnels.length} tunnels) and http.proxy in User settings (${proxies.settings.tunnels.length}); views list the account; no internals exported; Base URL under Remote; the project named and the cut upload offered and resumed after Reload Window; a renamed duplicate profile and a missing private key said in a new window; the folder's base URL ignored and named, the machine setting used (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    await workbench?.screenshot(join(screenshotDir, 'pristine-failure.png'));
    throw error;
  } finally {
    await workbench?.close();
    await emulator.close();
    await Promise.all(Object.values(proxies).map((proxy) => proxy.close()));
    listener.closeAllConnections();
    await new Promise((resolve) => listener.close(resolve));
    rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
  }
}

if (require.main === module) {
  checkPristineProduct(process.env.LIVEPEER_SCREENSHOT_DIR ?? join(root, 'test-results', 'screenshots')).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
