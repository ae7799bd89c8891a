import type { AssetWatcher } from '../../api';
import type { UploadQueue } from '../../upload';
import type { Account } from '../account/account';
import type { AssetsOffer } from '../common/feature';
import type { Prompts } from '../common/prompts';
import type { ResultDocuments } from '../common/resultDocuments';

/** What the task commands and the Tasks view work with. */
export interface TaskFeatureDeps {
  session: Account;
  prompts: Prompts;
  results: ResultDocuments;
  /** The Assets feature's offer: its rows and listed assets. */
  assets: AssetsOffer;
  /** What this machine's uploads left (Why Is This Not Ready? reads it). */
  uploads: UploadQueue;
  /** Follows this machine's imports to their end, for the notification. */
  watcher: AssetWatcher;
}
