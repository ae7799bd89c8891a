import type { UploadQueue } from '../../upload';
import type { Account } from '../account/account';
import type { PrivateKeys } from '../keys/privateKeys';

/** What the tools reach in the extension: the account (current profile and its client) and the kept private keys. */
export interface AssistantDeps {
  session: Account;
  privateKeys: PrivateKeys;
  /** The upload queue: what an asset's upload left here (why it is not ready). */
  uploads: UploadQueue;
}
