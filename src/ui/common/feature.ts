import type * as vscode from 'vscode';
import type { Asset, AssetWatcher, Session, Stream, Webhook } from '../../api';
import type { UploadQueue } from '../../upload';
import type { Account } from '../account/account';
import type { PrivateKeys } from '../keys/privateKeys';
import type { Profile } from '../../profiles/profile';
import type { AccountProfiles } from '../profiles/accountProfiles';
import type { Prompts } from './prompts';
import type { ResultDocuments } from './resultDocuments';
import type { VerifiedState } from './verifiedState';

// The one shape of a feature (src/ui/<feature>/index.ts): `activate(context): Feature`. A feature
// gets the shared services and what the features before it offer; it hands back what it made (to be
// disposed with the window) and what it offers the features after it. It never holds another
// feature's objects: what it needs of one is a typed offer below.

/** What every feature gets: built once by extension.ts before any feature. */
export interface Services {
  extension: vscode.ExtensionContext;
  /** The current profile, its token and client. */
  session: Account;
  profiles: AccountProfiles;
  /** Every question the extension asks. */
  prompts: Prompts;
  log: vscode.LogOutputChannel;
  /** globalState, checked on read. */
  state: VerifiedState;
  results: ResultDocuments;
  /** One GET per unsettled asset per tick, however many views follow it. */
  watcher: AssetWatcher;
  /** The signing keys' private halves kept in secret storage (signing, the player, downloads). */
  privateKeys: PrivateKeys;
}

/** Rows another feature adds under a stream row, before its clips and sessions (asked only when `applies`). */
export interface StreamChildRows {
  applies(stream: Stream): boolean;
  rows(stream: Stream): Promise<vscode.TreeItem[]>;
}

/** What the Streams feature offers. */
export interface StreamsOffer {
  /** Adds rows under each stream row it applies to, until disposed. */
  registerChildRows(provider: StreamChildRows): vscode.Disposable;
  /** Reads the streams again (after a change elsewhere touched them). */
  refresh(): Promise<void>;
  /** The stream a row of the Streams view stands for (not a recorded session's). */
  streamOf(row: unknown): Stream | undefined;
  /** The stream of a row, else one picked from the account's (undefined when dismissed). */
  pickStream(row: unknown, placeHolder: string): Promise<Stream | undefined>;
}

/** The local answer to a forwarded delivery, as its row shows it. */
export interface DeliveryNote {
  /** "200 in 12 ms · ok", or why nothing answered yet. */
  line: string;
  /** For the row: "200", "no answer". */
  short: string;
  ok: boolean;
  target: string;
}

/** Notes another feature adds to delivery rows (by delivery id), and when a webhook's change. */
export interface DeliveryNotes {
  notes: ReadonlyMap<string, DeliveryNote>;
  /** A webhook id whose deliveries' notes changed. */
  onDidChange: vscode.Event<string>;
}

/** What the Webhooks feature offers. */
export interface WebhooksOffer {
  registerDeliveryNotes(notes: DeliveryNotes): vscode.Disposable;
  /** The webhook a row of the Webhooks view stands for, else one picked (undefined when dismissed). */
  pickWebhook(row: unknown, placeHolder: string): Promise<Webhook | undefined>;
}

/** What the Uploads feature offers: this window's upload queue (with its finished history) and the drop on views. */
export interface UploadsOffer {
  queue: UploadQueue;
  drop: vscode.TreeDragAndDropController<unknown>;
}

/** What the Assets feature offers. */
export interface AssetsOffer {
  /** Shows a new or changed asset in the view. */
  show(asset: Asset): void;
  refresh(): void;
  /** The assets listed now. */
  listed(): readonly Asset[];
  /** The asset a row of the Assets view stands for. */
  assetOf(row: unknown): Asset | undefined;
  /** A command on one asset, or on every selected row when several are (the view's bulk path). */
  onSelection<A>(action: 'retry', single: (arg?: A) => unknown): (arg?: A, selected?: unknown) => Promise<unknown>;
}

/** A stream played, or one of its recorded sessions: what a clip is cut from. */
export interface ClipSource {
  streamId: string;
  session?: Session;
}

/**
 * What the player's Clip… asks the Streams feature's Create Clip to cut (the command's argument):
 * the stream or session played, where it plays now and the marks set; positions as the page reports them.
 */
export interface PlayerClipRequest {
  fromPlayer: ClipSource & { live: boolean; at: number; in?: number; out?: number };
}

/** What the Profiles feature offers. */
export interface ProfilesOffer {
  /** A profile picked in the profiles' quick pick (each with its project), `except` left out; undefined when dismissed. */
  pick(title: string, except?: string): Promise<Profile | undefined>;
}

/** Each offer by the name of the feature that makes it. */
export interface Offers {
  profiles: ProfilesOffer;
  streams: StreamsOffer;
  webhooks: WebhooksOffer;
  uploads: UploadsOffer;
  assets: AssetsOffer;
}

export interface FeatureContext extends Services {
  /** What the features activated before this one offer (extension.ts orders them). */
  offers: Partial<Offers>;
}

export interface Feature {
  /** What ends with the window: views, commands, listeners. */
  disposables: vscode.Disposable[];
  /** What this feature offers the features after it. */
  offers?: Partial<Offers>;
}

/** The offer `name`, which a feature activated earlier must have made. */
export function offered<K extends keyof Offers>(context: FeatureContext, name: K): Offers[K] {
  const offer = context.offers[name];
  if (!offer) throw new Error(`the ${name} feature is activated after a feature that needs it`);
  return offer;
}
