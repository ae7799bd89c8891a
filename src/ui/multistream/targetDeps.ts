import type * as vscode from 'vscode';
import type { Account } from '../account/account';
import type { StreamsOffer } from '../common/feature';
import type { Prompts } from '../common/prompts';

/** What the multistream rows and commands work with (apart from registerMultistream.ts, which loads them lazily). */
export interface MultistreamDeps {
  session: Account;
  prompts: Prompts;
  /** The Streams feature's offer: target rows under its streams, its refresh and picker. */
  streams: StreamsOffer;
  /** Where the host each target pushes to is remembered (never its URL: that holds the key). */
  state: vscode.Memento;
  /** The Multistream Targets view, read again after a change. */
  targets: { refresh(): void };
}
