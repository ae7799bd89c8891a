import * as vscode from 'vscode';
import type { Session } from '../session';

export const DETAILS_SCHEME = 'livepeer-stream';

/** A read-only JSON document of a stream as the service has it now, without the stream key. */
export class StreamDetails implements vscode.TextDocumentContentProvider {
  constructor(private readonly session: Session) {}

  static uri(stream: { id: string; name?: string }): vscode.Uri {
    const name = (stream.name || stream.id).replace(/[\\/:*?"<>|#%]+/g, '-');
    return vscode.Uri.from({ scheme: DETAILS_SCHEME, path: `/${name}.json`, query: new URLSearchParams({ id: stream.id }).toString() });
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const id = new URLSearchParams(uri.query).get('id') ?? '';
    // The key is a password for broadcasting: never put it in a document that may be shared or saved.
    const { streamKey, ...stream } = await this.session.client().getStream(id);
    return `${JSON.stringify(stream, null, 2)}\n`;
  }
}
