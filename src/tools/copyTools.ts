import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import type { StudioClient } from '../api';
import { copyAsset, keptKeySigner, multistreamTargetNames, planCopy, type CopyItem } from '../operations/profileCopy';
import { Refused } from '../operations/refusal';
import { defineTool, type ToolContext } from './definition';
import { idField } from './fields';
import { refusalSentence } from './refusalWords';
import { assetRow } from './rows';

// Copies between profiles need a second profile's client: VS Code offers it (its profiles), the MCP
// server does not (it runs on one token), so these tools are VS Code's only (`needs`).

const profileField = () => z.string().trim().min(1).max(100).describe('The name of the profile to copy to (another than the current one).');
const idsField = (what: string) => z.array(idField(`${what} id.`)).max(50).default([]).describe(`The ${what.toLowerCase()}s to copy, by id.`);

/** A signer for the source's signed assets, when one of them is gated and a private key of the project is kept. */
async function signerFor(items: readonly CopyItem[], context: Pick<ToolContext, 'client' | 'keptKey'>) {
  const gated = items.some((item) => item.kind === 'asset' && item.asset.playbackPolicy?.type === 'jwt');
  return gated && context.keptKey ? keptKeySigner(context.client, context.keptKey) : undefined;
}

async function target(context: ToolContext, profile: string) {
  if (!context.otherProfile) throw new Error(l10n.t('copies between profiles are offered only inside VS Code'));
  return context.otherProfile(profile);
}

/** The items by id, read with the current profile's client. */
async function itemsOf(client: StudioClient, ids: { assetIds: string[]; streamIds: string[]; webhookIds: string[] }, signal?: AbortSignal): Promise<CopyItem[]> {
  return Promise.all([
    ...ids.assetIds.map(async (id): Promise<CopyItem> => ({ kind: 'asset', asset: await client.assets.get(id, signal) })),
    ...ids.streamIds.map(async (id): Promise<CopyItem> => ({ kind: 'stream', stream: await client.streams.get(id, signal) })),
    ...ids.webhookIds.map(async (id): Promise<CopyItem> => ({ kind: 'webhook', webhook: await client.webhooks.get(id, signal) })),
  ]);
}

function itemRow(item: CopyItem) {
  if (item.kind === 'asset') return { kind: item.kind, id: item.asset.id, name: item.asset.name };
  if (item.kind === 'stream') return { kind: item.kind, id: item.stream.id, name: item.stream.name };
  return { kind: item.kind, id: item.webhook.id, name: item.webhook.name, url: item.webhook.url };
}

export const planCopyTool = defineTool({
  name: 'livepeer_plan_copy_to_profile',
  toolReferenceName: 'livepeerPlanCopy',
  displayName: 'Livepeer: What a Copy to Profile Would Do',
  userDescription: 'Lists what copying assets, streams and webhooks to another profile would create there, and what exists there already',
  modelDescription:
    'Reads only. For assets, streams and webhooks of the current profile (by id), tells what "Copy to Profile" would do in another profile (by name): create (an asset imported from its download address, signed when gated; a stream with the same renditions, recording and playback policy, its multistream targets named but not copied; a webhook with the same URL and events and a new secret), exists (the copy of the asset made before, a stream of the same name, a webhook to the same URL: its id there), or cannot (why). Offered in VS Code only.',
  kind: 'read',
  needs: ['otherProfile'],
  input: { profile: profileField(), assetIds: idsField('Asset'), streamIds: idsField('Stream'), webhookIds: idsField('Webhook') },
  async run(input, context) {
    const to = await target(context, input.profile);
    const items = await itemsOf(context.client, input, context.signal);
    const steps = await planCopy(to.client, items, !!(await signerFor(items, context)));
    const rows = await Promise.all(
      items.map(async (item, index) => {
        const step = steps[index];
        if (!step) return itemRow(item);
        if (step.action === 'exists') return { ...itemRow(item), would: 'exists there already', idThere: step.id };
        if (step.action === 'refused') return { ...itemRow(item), would: 'not be copied', why: refusalSentence(step.refusal) };
        const targets = item.kind === 'stream' ? await multistreamTargetNames(context.client, item.stream) : [];
        return { ...itemRow(item), would: 'be created', ...(step.signed ? { signed: true } : {}), ...(targets.length ? { multistreamTargetsNotCopied: targets } : {}) };
      }),
    );
    return { from: await context.account(), to: to.account, items: rows };
  },
});

export const copyAssetTool = defineTool({
  name: 'livepeer_copy_asset_to_profile',
  toolReferenceName: 'livepeerCopyAsset',
  displayName: 'Livepeer: Copy Asset to Profile',
  userDescription: 'Copies an asset to another profile’s project (asks first)',
  modelDescription:
    'Copies one asset of the current profile to another profile (by name): the other project imports it from the asset’s download address (signed with a kept private key when its playback is signed), with its name and playback policy. Answers the copy at once (it processes there), or the copy made before when there is one. Offered in VS Code only. The user is asked to confirm first, with both profiles named.',
  kind: 'change',
  needs: ['otherProfile'],
  input: { assetId: idField('The asset id (of the current profile).'), profile: profileField() },
  describeChange: (input) => l10n.t('copy the asset {0} to the profile “{1}”, as a new asset imported there from its download address', input.assetId, input.profile),
  async run(input, context) {
    const to = await target(context, input.profile);
    const asset = await context.client.assets.get(input.assetId, context.signal);
    const items: CopyItem[] = [{ kind: 'asset', asset }];
    const sign = await signerFor(items, context);
    const [step] = await planCopy(to.client, items, !!sign);
    if (step?.action === 'exists') return { to: to.account, existsThere: step.id, note: 'this asset was copied to that profile before: nothing was copied' };
    if (step?.action === 'refused') throw new Refused(step.refusal);
    const { asset: copy } = await copyAsset(to.client, asset, sign);
    return { to: to.account, copy: assetRow(copy), follow: `the copy processes in profile “${to.account.profile}”; the tools read the current profile: switch to that profile to follow it` };
  },
});
