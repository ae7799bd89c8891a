/**
 * Every command the extension contributes, by feature: `COMMANDS.streams.refresh` is "livepeer.streams.refresh".
 * test/unit/commandIds.test.ts checks them against package.json both ways, and the host suite that each is registered.
 */
function ids<const N extends string>(prefix: string, names: readonly N[]): { readonly [K in N]: string } {
  return Object.fromEntries(names.map((name) => [name, `${prefix}.${name}`])) as { readonly [K in N]: string };
}

export const COMMANDS = {
  ...ids('livepeer', ['setToken', 'clearToken', 'showLog', 'retryLoad', 'openBaseUrlSetting']),
  profiles: ids('livepeer.profiles', ['switch', 'add', 'rename', 'edit', 'remove']),
  keys: ids('livepeer.keys', ['refresh', 'create', 'rename', 'disable', 'enable', 'delete', 'copyId', 'copyPublicKey', 'rotate', 'rotatePicking', 'continueRotation']),
  playback: ids('livepeer.playback', ['signToken', 'checkAccess']),
  streams: ids('livepeer.streams', ['refresh', 'filter', 'search', 'clearSearch', 'filter.all', 'filter.all.checked', 'filter.active', 'filter.active.checked', 'filter.idle', 'filter.idle.checked', 'filter.recordingOnly', 'filter.recordingOnly.checked', 'filter.streamsOnly', 'filter.streamsOnly.checked', 'loadMore', 'copyId', 'copyPlaybackId', 'copyStreamKey', 'create', 'delete', 'suspend', 'unsuspend', 'recordOn', 'recordOff', 'terminate', 'copyRtmpUrl', 'copySrtUrl', 'copyPlaybackUrl', 'openInStudio', 'showDetails', 'loadMoreSessions', 'copyRecordingUrl', 'copyMp4Url', 'edit', 'createClip']),
  uploads: ids('livepeer.uploads', ['upload', 'uploadFromPicker', 'cancel', 'pause', 'resume', 'resumeAll', 'discard', 'revealFile', 'copyAssetId', 'copyPlaybackId', 'pauseAll', 'retry', 'remove', 'clearFinished', 'showAsset', 'deleteAsset']),
  assets: ids('livepeer.assets', ['refresh', 'search', 'filter', 'clearFilters', 'loadMore', 'rename', 'delete', 'copyId', 'copyPlaybackId', 'copyPlaybackUrl', 'copyDownloadUrl', 'openInStudio', 'showDetails', 'reveal', 'importFromUrl', 'whyNotReady', 'retry', 'download', 'restore']),
  webhooks: ids('livepeer.webhooks', ['refresh', 'loadMore', 'loadMoreDeliveries', 'create', 'edit', 'delete', 'copyUrl', 'copySecret', 'openInStudio', 'showDetails', 'showDelivery', 'resendDelivery', 'verifySignature', 'sendTestEvent']),
  player: ids('livepeer.player', ['play']),
  tasks: ids('livepeer.tasks', ['refresh', 'filter', 'retry', 'loadMore', 'play', 'notify']),
  multistream: ids('livepeer.multistream', ['refresh', 'create', 'edit', 'turnOn', 'turnOff', 'delete', 'addToStream', 'removeFromStream', 'copyId', 'loadMore']),
  forwarding: ids('livepeer.forwarding', ['start', 'stop']),
  access: ids('livepeer.access', ['playbackAccess', 'testWebhook']),
  quality: ids('livepeer.quality', ['show', 'showAccount']),
  localStudio: ids('livepeer.localStudio', ['start', 'stop', 'reset', 'seed']),
  copyTo: ids('livepeer.copyTo', ['asset', 'stream', 'webhook']),
  backup: ids('livepeer.backup', ['account']),
};
