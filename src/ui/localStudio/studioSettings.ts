import { userValue } from '../common/settings';

// Local Studio's settings, read with its commands (not at activation), from the user's own settings only:
// no folder starts it, chooses where it listens or keeps it running (docs/network-and-trust.md).
export const studioSettings = {
  /** `livepeer.localStudio.port`; 0: any free port. */
  port: (): number => Math.min(65535, Math.max(0, Math.trunc(Number(userValue<number>('livepeer', 'localStudio.port')) || 0))),
  /** `livepeer.localStudio.keepRunning`: it outlives the window only when the user says so. */
  keepRunning: (): boolean => userValue<boolean>('livepeer', 'localStudio.keepRunning') === true,
};
