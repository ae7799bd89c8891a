import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CHUNK_SIZE_MIB, OFFERED_VIDEO_EXTENSIONS, TUS_PART_MIB } from '../../src/upload';
import { EXTENSION_ID, HELD_STEPS, WALKTHROUGH_ID, qualifiedStepId } from '../../src/ui/common/walkthroughIds';
import { localizedManifest, manifestStrings, placeholders, rawManifest, root } from './helpers/manifest';

const manifest = localizedManifest();
const properties = manifest.contributes.configuration.properties;

describe('extension manifest: strings in package.nls.json', () => {
  it('names every user-facing string by a %key% that package.nls.json holds, and holds no string nothing uses', () => {
    const used = new Set(placeholders());
    const strings = Object.keys(manifestStrings());
    assert.deepEqual([...used].filter((key) => !strings.includes(key)), [], 'placeholders without a string');
    assert.deepEqual(strings.filter((key) => !used.has(key)), [], 'strings no placeholder uses');
  });

  it('leaves no English in package.json where VS Code localises (titles, names, welcome texts, settings, walkthrough, capabilities)', () => {
    const raw = rawManifest();
    const contributes = raw.contributes;
    type Text = [string, unknown];
    const texts: Text[] = [
      ['displayName', raw.displayName],
      ['description', raw.description],
      ['untrustedWorkspaces', raw.capabilities.untrustedWorkspaces.description],
      ['virtualWorkspaces', raw.capabilities.virtualWorkspaces.description],
      ['configuration', contributes.configuration.title],
      ...contributes.commands.flatMap<Text>((c) => [[c.command, c.title], [c.command, c.category]]),
      ...contributes.viewsContainers.activitybar.map<Text>((c) => [c.id, c.title]),
      ...Object.values(contributes.views).flat().flatMap<Text>((v) => [[v.id, v.name], [v.id, v.contextualTitle]]),
      ...contributes.viewsWelcome.map<Text>((w) => [w.view, w.contents]),
      ...contributes.submenus.map<Text>((s) => [s.id, s.label]),
      ...Object.entries<Record<string, unknown>>(contributes.configuration.properties).flatMap<Text>(([key, p]) =>
        ['description', 'markdownDescription', 'enumDescriptions', 'deprecationMessage', 'markdownDeprecationMessage'].filter((field) => field in p).flatMap((field) => [p[field]].flat().map<Text>((text) => [key, text])),
      ),
      ...contributes.walkthroughs.flatMap<Text>((w) => [
        [w.id, w.title],
        [w.id, w.description],
        ...w.steps.flatMap<Text>((s) => [[s.id, s.title], [s.id, s.description]]),
      ]),
    ];
    assert.ok(texts.length > 200, `${texts.length} strings checked`);
    assert.deepEqual(texts.filter(([, text]) => text !== undefined && placeholders(text).length === 0), [], 'strings written in package.json');
  });

  it('ships package.nls.json in the .vsix (without it every title would read %key%)', () => {
    assert.ok(readFileSync(join(root, '.vscodeignore'), 'utf8').split('\n').includes('!package.nls.json'));
  });
});

describe('extension manifest', () => {
  it('offers the engine’s default tus chunk size as the setting’s default', () => {
    assert.equal(properties['livepeer.upload.chunkSize'].default, DEFAULT_CHUNK_SIZE_MIB);
  });

  it('lets the chunk size setting take only whole multiples of the 8 MiB parts the engine rounds to', () => {
    const chunk = properties['livepeer.upload.chunkSize'];
    assert.equal(chunk.minimum, TUS_PART_MIB);
    assert.equal(chunk.multipleOf, TUS_PART_MIB);
    assert.equal((chunk.maximum ?? NaN) % TUS_PART_MIB, 0);
    assert.match(chunk.markdownDescription ?? '', /multiple of 8.*8 MiB parts/);
  });

  it('gives every contributed setting a default of its type that its own limits accept', () => {
    // Without a default VS Code reads a number as 0, a string as "" and a boolean as false: an unset
    // deprecated chunk size read as 0 once failed every upload of a new user.
    type Property = { type: string; default?: unknown; enum?: unknown[]; minimum?: number; maximum?: number; multipleOf?: number };
    for (const [key, property] of Object.entries<Property>(properties)) {
      assert.ok('default' in property, `${key} has a default`);
      const value = property.default;
      assert.equal(typeof value, property.type === 'integer' ? 'number' : property.type, `${key}'s default is a ${property.type}`);
      if (property.enum) assert.ok(property.enum.includes(value), `${key}'s default is one of its values`);
      if (typeof value === 'number') {
        assert.ok(value >= (property.minimum ?? -Infinity) && value <= (property.maximum ?? Infinity), `${key}'s default is within its limits`);
        if (property.multipleOf) assert.equal(value % property.multipleOf, 0, `${key}'s default is a multiple of ${property.multipleOf}`);
      }
    }
  });

  it('puts every command under the Livepeer category and activates on nothing broader than views and commands', () => {
    for (const command of manifest.contributes.commands) assert.equal(command.category, 'Livepeer', command.command);
    assert.ok(!(manifest.activationEvents ?? []).some((event: string) => event === '*' || event === 'onStartupFinished'));
  });
});

describe('extension manifest: menus and walkthrough', () => {
  const menus = manifest.contributes.menus;
  const uploadWhens: string[] = ['explorer/context', 'editor/title/context', 'editor/title'].map(
    (menu) => menus[menu].find((entry) => entry.command === 'livepeer.uploads.upload')!.when,
  );

  it('offers Upload to Livepeer on exactly the offered video extensions, in any case, without a context key of its own', () => {
    for (const when of uploadWhens) {
      const match = /resourceExtname =~ \/\^\\\.\(([^)]*)\)\$\/i/.exec(when);
      assert.ok(match, `a resourceExtname regular expression in: ${when}`);
      assert.deepEqual(match[1].split('|').sort(), [...OFFERED_VIDEO_EXTENSIONS].sort());
      assert.ok(!/livepeer\./.test(when.replace(match[0], '')), `needs no context key set on activation: ${when}`);
      const regex = new RegExp(`^\\.(${match[1]})$`, 'i');
      for (const name of ['.mp4', '.MP4', '.mov', '.Mkv', '.webm']) assert.ok(regex.test(name), name);
      for (const name of ['.ts', '.mts', '.txt', '.json', '.mp4.bak', 'mp4']) assert.ok(!regex.test(name), name);
    }
    const title = manifest.contributes.commands.find((command) => command.command === 'livepeer.uploads.upload')!.title;
    assert.equal(title, 'Upload to Livepeer');
  });

  it('every account view, Webhooks too, welcomes without a token with a button, and says when the folder is pinned to a missing profile', () => {
    type Welcome = { view: string; contents: string; when?: string };
    const welcomes: Welcome[] = manifest.contributes.viewsWelcome;
    for (const view of ['livepeer.signingKeys', 'livepeer.streams', 'livepeer.assets', 'livepeer.webhooks']) {
      const signedOut = welcomes.find((w) => w.view === view && w.when === '!livepeer.hasToken && !livepeer.pinNotFound');
      assert.match(signedOut?.contents ?? '', /\[Set API Token\]\(command:livepeer\.setToken\)/, view);
      const pinned = welcomes.find((w) => w.view === view && w.when === 'livepeer.pinNotFound');
      assert.match(pinned?.contents ?? '', /pinned to a Livepeer profile that does not exist[\s\S]*\(command:livepeer\.profiles\.add\)/, view);
    }
  });

  it('Tasks view: each row action on hover is in the row’s context menu too (keyboard users reach it), and the empty view says what it lists and how to start', () => {
    type Entry = { command: string; when: string; group?: string };
    const entries: Entry[] = menus['view/item/context'].filter((entry: Entry) => entry.when.startsWith('view == livepeer.tasks '));
    const inline = entries.filter((entry) => entry.group?.startsWith('inline'));
    assert.deepEqual(inline.map((entry) => entry.command).sort(), ['livepeer.tasks.notify', 'livepeer.tasks.play', 'livepeer.tasks.retry']);
    for (const entry of inline) {
      const twin = entries.find((other) => other.command === entry.command && other.when === entry.when && !other.group?.startsWith('inline'));
      assert.ok(twin?.group, `${entry.command} in the context menu`);
    }
    const empty = manifest.contributes.viewsWelcome.find((w: { view: string; when?: string }) => w.view === 'livepeer.tasks' && w.when === 'livepeer.hasToken');
    assert.match(empty?.contents ?? '', /upload[\s\S]*import[\s\S]*clip[\s\S]*\(command:livepeer\.assets\.importFromUrl\)/);
  });

  it('walks through token, signing key, upload, stream and webhook with media and completion events', () => {
    const [walkthrough] = manifest.contributes.walkthroughs;
    assert.deepEqual(
      walkthrough.steps.map((step: { id: string }) => step.id),
      ['setToken', 'signedIn', 'createSigningKey', 'uploadVideo', 'createStream', 'createWebhook'],
    );
    for (const step of walkthrough.steps) {
      assert.ok(step.completionEvents.length, step.id);
      assert.ok(existsSync(join(root, step.media.markdown)), step.media.markdown);
    }
  });

  it('ticks "connected" while signed in, "upload" only on success, and says where a kept private key goes', () => {
    const steps = Object.fromEntries(manifest.contributes.walkthroughs[0].steps.map((step) => [step.id, step]));
    // An onContext event whose key is already true when the walkthrough is first shown never fires in
    // VS Code, so the signed-in variant is ticked as the walkthrough opens on it.
    assert.equal(steps.setToken.when, '!livepeer.hasToken');
    assert.equal(steps.signedIn.when, 'livepeer.hasToken');
    assert.ok(steps.signedIn.completionEvents.includes('onStepSelected'));
    assert.deepEqual(steps.uploadVideo.completionEvents, ['onContext:livepeer.walkthrough.uploaded'], 'not on starting an upload');
    // What the account holds ticks these, whether made from the walkthrough, a view, the palette or Studio (not a command that was cancelled).
    assert.deepEqual(steps.createSigningKey.completionEvents, ['onContext:livepeer.walkthrough.hasSigningKey']);
    assert.deepEqual(steps.createStream.completionEvents, ['onContext:livepeer.walkthrough.hasStream']);
    assert.deepEqual(steps.createWebhook.completionEvents, ['onContext:livepeer.walkthrough.hasWebhook']);
    assert.match(steps.createSigningKey.description, /secret storage/);
    assert.match(readFileSync(join(root, steps.createSigningKey.media.markdown), 'utf8'), /secret storage/);
  });

  it('names the walkthrough’s steps as VS Code’s Mark Step Complete needs them (publisher.name#walkthrough#step)', () => {
    const raw = rawManifest() as { publisher: string; name: string; contributes: { walkthroughs: Array<{ id: string; steps: Array<{ id: string }> }> } };
    assert.equal(EXTENSION_ID, `${raw.publisher}.${raw.name}`);
    const walkthrough = raw.contributes.walkthroughs.find((w) => w.id === WALKTHROUGH_ID);
    for (const step of Object.values(HELD_STEPS)) assert.ok(walkthrough?.steps.some((s) => s.id === step), step);
    assert.equal(qualifiedStepId('createWebhook'), 'livepeer-studio-tools.livepeer-studio#livepeer.gettingStarted#createWebhook');
  });

  it('walkthrough buttons of multi-step flows tell their command where they come from (it moves the focus out of the Welcome page)', () => {
    const steps = Object.fromEntries(manifest.contributes.walkthroughs[0].steps.map((step) => [step.id, step]));
    assert.match(steps.uploadVideo.description, /\(command:livepeer\.uploads\.uploadFromPicker\?%22walkthrough%22\)/);
    assert.match(steps.createStream.description, /\(command:livepeer\.streams\.create\?%22walkthrough%22\)/);
    assert.match(steps.createSigningKey.description, /\(command:livepeer\.keys\.create\?%22walkthrough%22\)/);
    assert.match(steps.createWebhook.description, /\(command:livepeer\.webhooks\.create\?%22walkthrough%22\)/);
  });

  it('shows settings in a fixed order, each with a markdown description and a title that reads well', () => {
    type Property = { order?: number; markdownDescription?: string; deprecationMessage?: string };
    const current = Object.entries<Property>(properties);
    assert.deepEqual(current.filter(([, property]) => property.deprecationMessage), [], 'no setting is deprecated: 0.1.0 is the first release');
    // The Settings editor titles a setting from its key's last part, as VS Code 1.100's wordifyKey does
    // (a setting cannot declare its own title): "chunkSizeMiB" read "Chunk Size Mi B", "baseUrl" "Base Url".
    const title = (key: string) => (key.split('.').at(-1) ?? '').replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^[a-z]/, (c) => c.toUpperCase());
    for (const [key, property] of current) {
      assert.doesNotMatch(title(key), /\b[A-Z]\b|\bUrl\b|\bMi\b/, `${key} makes a readable title`);
      assert.equal(typeof property.order, 'number', `${key} has an order`);
      assert.ok(property.markdownDescription, `${key} has a markdownDescription`);
    }
    assert.equal(title('livepeer.baseURL'), 'Base URL');
  });

  it('lets only the user set the base URL and Local Studio’s port and lifetime: machine scope, restricted in untrusted workspaces', () => {
    // machine: User settings (Remote in a remote or browser-hosted window, where the extension runs), never
    // a workspace's. The code reads only the user's value anyway (settings.baseUrl): this keeps the
    // Settings editor from offering a Workspace value that would be ignored.
    const userOnly = ['livepeer.baseURL', 'livepeer.localStudio.port', 'livepeer.localStudio.keepRunning'];
    for (const key of userOnly) assert.equal(properties[key].scope, 'machine', key);
    assert.deepEqual(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations, userOnly);
    assert.equal(manifest.capabilities.untrustedWorkspaces.supported, 'limited');
    assert.ok(manifest.capabilities.virtualWorkspaces.description);
  });
});
