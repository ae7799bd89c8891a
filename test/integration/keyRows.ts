// The Signing Keys view as a person reads and answers it, shared by the signing key suites.
import assert from 'node:assert/strict';
import { createPrivateKey, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { signPlaybackToken, verifyPlaybackToken } from '../../src/api/playback/token';
import { answer, emulator, shownResult, view, type Message, type PromptRequest, type Row } from './harness';

type Pick = Extract<PromptRequest, { kind: 'pick' }>;
export const PRIVATE_KEY_ACTIONS = ['Copy Private Key', 'Save to File…', 'Keep in VS Code’s Secret Storage'];

/** The key rows of the Signing Keys view, as drawn (no error or message row). */
export async function keyRows(): Promise<Row[]> {
  return (await view('signingKeys').rows()).filter((row) => String(row.contextValue).startsWith('signingKey'));
}

export async function keyRow(name: string): Promise<Row> {
  const found = (await keyRows()).find((row) => row.label === name);
  assert.ok(found, `no row "${name}"`);
  return found;
}

export function storedKey(name: string) {
  return [...emulator.store.signingKeys.values()].find((k) => k.name === name);
}

/** Answers the one-time private key dialog by keeping the key in VS Code's secret storage. */
export function keepPrivateKey(): (request: PromptRequest) => unknown {
  return (request) => {
    assert.deepEqual((request as Message).actions, PRIVATE_KEY_ACTIONS);
    return 'Keep in VS Code’s Secret Storage';
  };
}

/** Answers the one-time private key dialog by saving to a file, which finishes it. */
export function savePrivateKeyTo(file: string): Array<(request: PromptRequest) => unknown> {
  return [
    (request) => {
      const message = request as Message;
      assert.equal(message.modal, true);
      assert.match(message.message, /cannot be shown again/);
      assert.deepEqual((request as Message).actions, PRIVATE_KEY_ACTIONS);
      return 'Save to File…';
    },
    (request) => {
      const options = (request as Extract<PromptRequest, { kind: 'saveDialog' }>).options;
      assert.equal(options.defaultUri?.fsPath.startsWith(join(homedir(), '.livepeer')), true, 'proposes ~/.livepeer, outside the workspace');
      return vscode.Uri.file(file);
    },
  ];
}

/** A signed-playback stream to sign tokens for. */
export function signedStream(name: string): { playbackId: string } {
  const stream = emulator.store.addStream({ name, playbackPolicy: { type: 'jwt' } });
  return { playbackId: String(stream.playbackId) };
}

function pickKey(keyId: string) {
  return (request: PromptRequest) => {
    assert.equal(request.kind, 'pick');
    const found = (request.items as ReadonlyArray<vscode.QuickPickItem & { key?: { id: string } }>).find((item) => item.key?.id === keyId);
    assert.ok(found, `the key ${keyId} is offered`);
    return found;
  };
}

const oneHour = (request: PromptRequest) => (request as Pick).items.find((item) => item.label === '1 hour');

/**
 * Sign Playback Token… with the key `keyId`, as a person answers it: a kept private key is offered
 * from VS Code's secret storage (no file asked). Resolves with the token; the token's document is closed.
 */
export async function signWithKeptKey(keyId: string, playbackId: string): Promise<string> {
  answer(pickKey(keyId), oneHour, (request) => {
    assert.equal(request.kind, 'pick', 'the kept private key is offered, not a file dialog');
    const kept = request.items.find((item) => /Secret Storage/.test(item.label));
    assert.ok(kept, `offered: ${request.items.map((item) => item.label).join(', ')}`);
    return kept;
  });
  const token = await vscode.commands.executeCommand<string | undefined>('livepeer.playback.signToken', playbackId);
  assert.ok(token, 'a token was signed');
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  return token;
}

/** Sign Playback Token… with the key `keyId` goes straight to the file dialog (no private key kept), answered with Escape. */
export async function signingAsksForFile(keyId: string, playbackId: string): Promise<void> {
  answer(pickKey(keyId), oneHour, (request) => {
    assert.equal(request.kind, 'openDialog', 'no kept private key offered: the PEM file is asked');
    return undefined;
  });
  assert.equal(await vscode.commands.executeCommand('livepeer.playback.signToken', playbackId), undefined);
}

/** Whether `token` is signed for `playbackId` by the service's signing key `keyName` (its public key). */
export function signedByKey(token: string, keyName: string, playbackId: string): boolean {
  return verifyPlaybackToken(token, { playbackId, publicKey: storedKey(keyName)?.publicKey }).ok;
}

/** Whether `token` is signed by the private key `privateKeyBase64` (as copied: base64 of the PEM). */
export function signedByPrivateKey(token: string, privateKeyBase64: string): boolean {
  const [header, payload, signature] = token.split('.');
  const publicKey = createPublicKey(createPrivateKey(Buffer.from(privateKeyBase64, 'base64').toString()));
  return verify('sha256', Buffer.from(`${header}.${payload}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature ?? '', 'base64url'));
}

/**
 * How many private keys the current profile keeps, as Remove Profile's question says it (answered
 * with the safe Keep Profile): what this machine holds, as a person can read it.
 */
export async function keptPrivateKeyCount(): Promise<number> {
  let detail = '';
  answer(
    (request) => {
      const current = (request as Pick).items.find((item) => / · current$/.test(item.description ?? ''));
      assert.ok(current, 'the current profile is offered');
      return current;
    },
    (request) => {
      detail = (request as Message).detail ?? '';
      return undefined;
    },
  );
  await vscode.commands.executeCommand('livepeer.profiles.remove');
  if (/^Deletes its API token from this machine/.test(detail)) return 0;
  const count = /and the (\d+) private keys? kept/.exec(detail)?.[1];
  assert.ok(count, `Remove Profile says: ${detail}`);
  return Number(count);
}

/**
 * The playback a stream or asset row's commands act on: Check Playback Access from the row, given a
 * token for another playback id, says both. Resolves with the result document's text.
 */
export async function playbackOfRow(item: Row): Promise<string> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pem = (key: typeof privateKey) => key.export({ type: key.type === 'private' ? 'pkcs8' : 'spki', format: 'pem' }).toString();
  const token = signPlaybackToken({ playbackId: 'elsewhere0000000', privateKey: pem(privateKey), publicKey: pem(publicKey), expiresInSeconds: 600 });
  answer(
    (request) => (request as Pick).items.find((choice) => /Paste a Token/.test(choice.label)),
    () => token,
  );
  await vscode.commands.executeCommand('livepeer.playback.checkAccess', item.element);
  const text = await shownResult(`Playback access of ${item.label}`, /the token is for playback id elsewhere0000000/);
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  return text;
}
