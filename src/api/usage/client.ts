import * as l10n from '@vscode/l10n';
import { StudioApiError } from '../core/errors';
import { ResourceApi } from '../core/http';

/** The account's usage over a period, in the service's units (minutes). */
export interface Usage {
  /** Minutes of video delivered to viewers. */
  deliveryMins: number;
  /** Minutes of video transcoded (the service's TotalUsageMins). */
  transcodeMins: number;
  /** Minutes of video stored, summed over the period. */
  storageMins: number;
}

/** What a service without usage data gives instead of figures. */
export const NO_USAGE = 'usage is not available from this service';

function minutes(value: unknown, field: string): number {
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  throw new StudioApiError('server', l10n.t('the usage service answered without a valid {0}: try again later', field), { method: 'GET', path: '/data/usage/query' });
}

/** Account usage, from the analytics backend (`/data/usage/query`, capitalised fields). */
export class UsageApi extends ResourceApi {
  async query(range: { from: number; to: number }, signal?: AbortSignal): Promise<Usage> {
    if (!(range.from < range.to)) throw StudioApiError.config(l10n.t('the time range is empty: from must be before to'));
    const path = '/data/usage/query';
    try {
      const { data } = await this.http.call<unknown>('GET', path, { query: { from: String(range.from), to: String(range.to) }, signal });
      // One object; an array (breakdowns) is summed.
      const rows = (Array.isArray(data) ? data : [data]).filter((row): row is Record<string, unknown> => !!row && typeof row === 'object');
      const sum = (field: string) => Math.round(rows.reduce((total, row) => total + minutes(row[field], field), 0) * 100) / 100;
      return { deliveryMins: sum('DeliveryUsageMins'), transcodeMins: sum('TotalUsageMins'), storageMins: sum('StorageUsageMins') };
    } catch (error) {
      // The API server alone (no analytics backend) answers its bare 404 `not found`.
      if (error instanceof StudioApiError && error.status === 404 && error.messages.some((m) => m.trim().toLowerCase() === 'not found')) {
        throw new StudioApiError('not-found', NO_USAGE, {}, { cause: error });
      }
      throw error;
    }
  }
}
