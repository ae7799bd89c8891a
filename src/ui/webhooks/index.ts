import { COMMANDS } from '../common/commandIds';
import { registerOnFirstUse } from '../common/commands';
import type { Feature, FeatureContext, WebhooksOffer } from '../common/feature';
import { activateWebhooks } from './activateWebhooks';
import { resolveWebhook, type WebhookArgument } from './webhookPicker';

/** The Webhooks view with its deliveries and documents; its commands load with the first of them (webhookCommands.js). */
export function activate(context: FeatureContext): Feature {
  const { view, ctx, disposables } = activateWebhooks(context.session, context.prompts, context.results, context.state);
  const webhooks: WebhooksOffer = {
    registerDeliveryNotes: (notes) => view.registerDeliveryNotes(notes),
    pickWebhook: (row, placeHolder) => resolveWebhook(ctx, row as WebhookArgument, placeHolder),
  };
  return {
    disposables: [
      ...disposables,
      registerOnFirstUse(Object.values(COMMANDS.webhooks), async () => {
        const { registerWebhookCommands } = await import('./webhookCommands.js');
        return () => registerWebhookCommands(ctx);
      }),
    ],
    offers: { webhooks },
  };
}
