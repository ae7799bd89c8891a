import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { Ids } from './ids';
import type { Owner } from './accounts';
import { probe, processAsset } from './assetPipeline';
import type { EmulatorAsset, EmulatorSigningKey, EmulatorStream, StoreEvent } from './records';
import type { Scheduler } from './scheduler';
import { TaskBoard } from './tasks';

export const MAX_SIGNING_KEYS = 10;

export class Store implements Owner {
  /** The default account's user and project: what is added without an owner belongs to them. */
  readonly userId: string;
  readonly projectId: string;
  readonly signingKeys = new Map<string, EmulatorSigningKey>();
  /** Keys deleted by their owner: the access gate still knows them ("disabled or deleted"). */
  readonly deletedSigningKeys = new Map<string, EmulatorSigningKey>();
  /** Keys of other accounts: never listed for this account, but the access gate knows them. */
  readonly otherAccountsSigningKeys = new Map<string, EmulatorSigningKey>();
  readonly streams = new Map<string, EmulatorStream>();
  readonly assets = new Map<string, EmulatorAsset>();
  /** Ids of deleted assets: the real service answers 400 (not 404) for a second DELETE. */
  readonly deletedAssetIds = new Set<string>();
  /** Deleted assets as they were: POST /asset/{id}/restore brings one back. */
  readonly deletedAssets = new Map<string, EmulatorAsset>();
  /** Every upload, import and clip's task. */
  readonly tasks: TaskBoard;
  /** Asset id → file holding its complete upload; an entry means the asset is uploaded. */
  readonly uploadedFiles = new Map<string, string>();
  private keysCreated = 0;
  /** Every private key handed out, only so a hostile answer (Faults.echoSecrets) can echo them. */
  readonly issuedPrivateKeys: string[] = [];
  private readonly listeners = new Set<(change: StoreEvent) => void>();

  constructor(
    private readonly scheduler: Scheduler,
    readonly processingDelayMs: number,
    /** Random unless seeded (see EmulatorOptions.idSeed). */
    private readonly ids = new Ids(),
    /** The account's user and project when it had them already (a Local Studio restarted on its data). */
    owner?: Owner,
  ) {
    this.userId = owner?.userId ?? ids.uuid();
    this.projectId = owner?.projectId ?? ids.uuid();
    this.tasks = new TaskBoard((change) => this.emit(change), () => ids.uuid());
  }

  /** Calls `listener` on every state change webhooks hear of; returns how to stop. */
  onEvent(listener: (change: StoreEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(change: StoreEvent): void {
    for (const listener of this.listeners) listener(change);
  }

  /** Creates a key with a fresh P-256 pair; the private half is returned (and listed in issuedPrivateKeys), never stored on the key. */
  createSigningKey(fields: { name?: string } & Partial<Owner>): { key: EmulatorSigningKey; privateKey: string } {
    const pair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const key = this.addSigningKey({
      ...fields,
      publicKey: base64Pem(pair.publicKey.export({ type: 'spki', format: 'pem' })),
    });
    const privateKey = base64Pem(pair.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    this.issuedPrivateKeys.push(privateKey);
    return { key, privateKey };
  }

  addSigningKey(partial: Partial<EmulatorSigningKey> = {}): EmulatorSigningKey {
    this.keysCreated += 1;
    const key: EmulatorSigningKey = {
      id: this.ids.uuid(),
      name: `Signing Key ${this.keysCreated}`,
      publicKey: partial.publicKey ?? base64Pem(publicPemOnly()),
      userId: this.userId,
      createdAt: Date.now(),
      disabled: false,
      projectId: this.projectId,
      ...stripUndefined(partial),
    };
    this.signingKeys.set(key.id, key);
    return key;
  }

  deleteSigningKey(id: string): boolean {
    const key = this.signingKeys.get(id);
    if (!key) return false;
    this.signingKeys.delete(id);
    this.deletedSigningKeys.set(id, key);
    return true;
  }

  /** A key pair of another account, for the gate's answer to a key that is not the content owner's. */
  createOtherAccountSigningKey(): { key: EmulatorSigningKey; privateKey: string } {
    const created = this.createSigningKey({});
    this.signingKeys.delete(created.key.id);
    created.key.userId = randomUUID();
    this.otherAccountsSigningKeys.set(created.key.id, created.key);
    return created;
  }

  addStream(partial: Partial<EmulatorStream> = {}): EmulatorStream {
    const stream: EmulatorStream = {
      id: this.ids.uuid(),
      name: `stream-${randomBytes(3).toString('hex')}`,
      playbackId: this.ids.chars(16),
      streamKey: [4, 4, 4, 4].map((n) => this.ids.chars(n)).join('-'),
      createdAt: Date.now(),
      userId: this.userId,
      projectId: this.projectId,
      ...stripUndefined(partial),
    };
    this.streams.set(stream.id, stream);
    return stream;
  }

  /** Starts a broadcast: the parent goes live and a session object (a child) records it. */
  startSession(parent: EmulatorStream, fields: Partial<EmulatorStream> = {}): EmulatorStream {
    const now = Date.now();
    Object.assign(parent, { isActive: true, lastSeen: now });
    const session = this.addStream({
      name: parent.name,
      parentId: parent.id,
      userId: parent.userId,
      projectId: parent.projectId,
      createdAt: now,
      lastSeen: now,
      isActive: true,
      record: parent.record,
      recordingStatus: parent.record ? 'waiting' : 'none',
      sourceSegments: 1,
      sourceSegmentsDuration: 2,
      ...fields,
    });
    this.emit({ event: 'stream.started', stream: parent });
    return session;
  }

  /** Cuts a live broadcast: its session ends and, when recorded, its recording is processed. */
  endLiveSession(parent: EmulatorStream): void {
    if (!parent.isActive) return;
    const now = Date.now();
    parent.isActive = false;
    delete parent.isHealthy;
    delete parent.issues;
    for (const session of this.streams.values()) {
      if (session.parentId !== parent.id || !session.isActive) continue;
      session.isActive = false;
      session.lastSeen = now;
      if (session.recordingStatus === 'waiting') {
        this.scheduler.after(this.processingDelayMs, () => {
          session.recordingStatus = 'ready';
          this.emit({ event: 'recording.ready', stream: parent, session });
        });
      }
    }
    this.emit({ event: 'stream.idle', stream: parent });
  }

  createAsset(name: string, createdByTokenName: string, owner: Owner = this): EmulatorAsset {
    const now = Date.now();
    const asset: EmulatorAsset = {
      id: this.ids.uuid(),
      playbackId: this.ids.chars(16),
      userId: owner.userId,
      name,
      createdAt: now,
      status: { phase: 'uploading', updatedAt: now },
      source: { type: 'directUpload' },
      createdByTokenName,
      projectId: owner.projectId,
    };
    this.assets.set(asset.id, asset);
    this.emit({ event: 'asset.created', asset });
    return asset;
  }

  /** An asset in any state, for seeding and tests; a `ready` one gets its videoSpec as after processing. */
  addAsset(partial: Partial<EmulatorAsset> = {}): EmulatorAsset {
    const asset = this.createAsset(partial.name ?? `asset-${randomBytes(3).toString('hex')}`, partial.createdByTokenName ?? 'Emulator token 1');
    Object.assign(asset, stripUndefined(partial));
    asset.status = { updatedAt: asset.createdAt, ...asset.status };
    if (asset.status.phase === 'ready' && !asset.videoSpec) probe(asset);
    return asset;
  }

  /** Runs the processing pipeline (progress steps, then ready) on an asset, e.g. one added as `waiting`. */
  process(assetId: string, stepMs = this.processingDelayMs): void {
    const asset = this.assets.get(assetId);
    if (asset) processAsset(this, this.scheduler, asset, stepMs);
  }

  /** Fails an asset as the real pipeline does on a broken file; processing under way stops. */
  failAsset(assetId: string, errorMessage = 'Failed to process the file: invalid data found when processing input'): void {
    const asset = this.assets.get(assetId);
    if (!asset) return;
    asset.status = { phase: 'failed', updatedAt: Date.now(), errorMessage };
    this.tasks.fail(this.tasks.ofAsset(assetId), errorMessage);
    this.emit({ event: 'asset.failed', asset });
  }

  deleteAsset(id: string): 'deleted' | 'already deleted' | 'not found' {
    if (this.deletedAssetIds.has(id)) return 'already deleted';
    const asset = this.assets.get(id);
    if (!asset) return 'not found';
    this.assets.delete(id);
    this.deletedAssetIds.add(id);
    this.deletedAssets.set(id, asset);
    this.emit({ event: 'asset.deleted', asset });
    return 'deleted';
  }

  streamByPlaybackId(id: string): EmulatorStream | undefined {
    for (const stream of this.streams.values()) if (stream.playbackId === id && !stream.parentId && !stream.deleted) return stream;
    return undefined;
  }

  assetByPlaybackId(id: string): EmulatorAsset | undefined {
    for (const asset of this.assets.values()) if (asset.playbackId === id) return asset;
    return undefined;
  }

  /** Marks the bytes in `file` as the asset's upload and starts the processing pipeline. */
  completeUpload(assetId: string, file: string, size: number): void {
    const asset = this.assets.get(assetId);
    if (!asset) return;
    this.uploadedFiles.set(assetId, file);
    asset.size = size;
    asset.status = { phase: 'waiting', updatedAt: Date.now() };
    const task = this.tasks.ofAsset(assetId);
    if (task?.status.phase === 'pending') this.tasks.update(task, { phase: 'waiting', retries: 0 });
    processAsset(this, this.scheduler, asset, this.processingDelayMs);
  }
}

function base64Pem(pem: string | Buffer): string {
  return Buffer.from(pem).toString('base64');
}

function publicPemOnly(): string {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return publicKey.export({ type: 'spki', format: 'pem' }).toString();
}

// A partial like `{ name: undefined }` keeps the default rather than storing undefined.
function stripUndefined<T extends object>(partial: T): Partial<T> {
  return Object.fromEntries(Object.entries(partial).filter(([, v]) => v !== undefined)) as Partial<T>;
}
