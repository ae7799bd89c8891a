import { offered, type Feature, type FeatureContext } from '../common/feature';
import { registerMultistream } from './registerMultistream';

/** The Multistream Targets view, the target rows under streams (registered with the Streams feature) and their commands. */
export function activate(context: FeatureContext): Feature {
  const { session, prompts, state } = context;
  const multistream = registerMultistream({ session, prompts, streams: offered(context, 'streams'), state });
  return { disposables: multistream.disposables };
}
