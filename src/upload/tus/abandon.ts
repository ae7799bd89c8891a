import * as l10n from '@vscode/l10n';
import { request } from '../../api/core/undiciParts';
import { StudioApiError } from '../../api/core/errors';
import { uploadAgent } from '../direct/transfer';
import { readBodyText } from '../../api/core/bodyText';
import { redact } from '../../api/core/redact';
import { redactedPath } from '../uploadErrors';

/**
 * Ends an unfinished tus upload on the upload server (tus termination: `DELETE` on the upload's own
 * address, which carries no token), so the bytes it holds do not linger once nothing can resume it.
 * An upload the server no longer has (404/410) counts as ended.
 */
export async function terminateTusUpload(uploadUrl: string, signal?: AbortSignal): Promise<void> {
  const context = { method: 'DELETE', path: redactedPath(uploadUrl) };
  const agent = uploadAgent();
  try {
    let status: number;
    let text: string;
    try {
      const response = await request(uploadUrl, { method: 'DELETE', headers: { 'tus-resumable': '1.0.0' }, signal, dispatcher: agent });
      status = response.statusCode;
      text = await readBodyText(response.body);
    } catch (err) {
      throw new StudioApiError('network', l10n.t('could not reach the upload server to end the unfinished upload ({0}): it expires on its own', (err as Error).message), context);
    }
    if ((status >= 200 && status < 300) || status === 404 || status === 410) return;
    const said = redact(text.trim().slice(0, 120));
    throw new StudioApiError(status >= 500 ? 'server' : 'validation', said ? l10n.t('the upload server did not end the unfinished upload ({0}): it expires on its own', said) : l10n.t('the upload server did not end the unfinished upload: it expires on its own'), { ...context, status });
  } finally {
    await agent.close().catch(() => undefined);
  }
}

