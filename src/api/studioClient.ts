import { AccessApi } from './access/client';
import { AssetApi } from './assets/client';
import { ClipApi } from './clips/client';
import { StudioHttp, type StudioHttpOptions } from './core/http';
import { SigningKeyApi } from './keys/client';
import { MultistreamApi } from './multistream/client';
import { PlaybackApi } from './playback/client';
import { ProjectApi } from './projects/client';
import { StreamApi } from './streams/client';
import { TaskApi } from './tasks/client';
import { UsageApi } from './usage/client';
import { ViewershipApi } from './viewership/client';
import { WebhookApi } from './webhooks/client';

/**
 * The Studio API by resource, as the service (and the emulator) lays it out: `client.streams.list()`,
 * `client.assets.get(id)`… Each call is one request, or a loop over pages; all share one HTTP core
 * (its token, base URL, timeouts, redaction and call log).
 */
export class StudioClient {
  // Declared only (the constructor sets each): the bundle then carries no list of fields.
  declare readonly http: StudioHttp;
  /** Playback policies of streams and assets: public, signed JWT, access-control webhook; allowed origins. */
  declare readonly access: AccessApi;
  declare readonly assets: AssetApi;
  /** Clips of streams and recordings: each becomes an asset. */
  declare readonly clips: ClipApi;
  declare readonly keys: SigningKeyApi;
  /** The user's targets (not the project's): the key's user id is read once, from GET /project. */
  declare readonly multistream: MultistreamApi;
  declare readonly playback: PlaybackApi;
  declare readonly projects: ProjectApi;
  declare readonly streams: StreamApi;
  declare readonly tasks: TaskApi;
  /** Remembers, per client, a service that has no viewer numbers: asked no more once it said so. */
  declare readonly viewership: ViewershipApi;
  declare readonly webhooks: WebhookApi;
  declare readonly usage: UsageApi;

  constructor(options: StudioHttpOptions) {
    const http = (this.http = new StudioHttp(options));
    this.access = new AccessApi(http);
    this.assets = new AssetApi(http);
    this.clips = new ClipApi(http);
    this.keys = new SigningKeyApi(http);
    this.multistream = new MultistreamApi(http, async (signal) => (await this.projects.list(signal)).find((project) => project.userId)?.userId);
    this.playback = new PlaybackApi(http);
    this.projects = new ProjectApi(http);
    this.streams = new StreamApi(http);
    this.tasks = new TaskApi(http);
    this.viewership = new ViewershipApi(http);
    this.webhooks = new WebhookApi(http);
    this.usage = new UsageApi(http);
  }

  close(): Promise<void> {
    return this.http.close();
  }
}
