import * as vscode from 'vscode';
import { reasonOf } from '../common/errorReporting';
import { startForwardingTo, webhookNamed, type ForwardingDeps } from './forwarders';
import type { ActiveForwarding } from './forwardingState';

// A `"type": "livepeer-forward"` launch configuration: forwarding that starts with the debug session
// (alone, or in a compound with the developer's own server) and stops when it ends. It speaks just
// enough of the Debug Adapter Protocol for VS Code to run and stop it: no threads, no breakpoints.

interface Request {
  seq: number;
  type: string;
  command: string;
  arguments?: unknown;
}

export interface ForwardConfiguration extends vscode.DebugConfiguration {
  /** The webhook's id or name. */
  webhook?: string;
  /** The local address to POST to. */
  url?: string;
}

class ForwardingAdapter implements vscode.DebugAdapter {
  private readonly sent = new vscode.EventEmitter<vscode.DebugProtocolMessage>();
  readonly onDidSendMessage = this.sent.event;
  private seq = 1;
  private forwarding?: ActiveForwarding;
  private stopped = false;

  constructor(
    private readonly deps: ForwardingDeps,
    private readonly configuration: ForwardConfiguration,
  ) {}

  handleMessage(message: vscode.DebugProtocolMessage): void {
    const request = message as Request;
    if (request.type === 'request') void this.handle(request);
  }

  dispose(): void {
    void this.stop();
    this.sent.dispose();
  }

  private send(message: Record<string, unknown>): void {
    this.sent.fire({ seq: this.seq++, ...message });
  }

  private respond(request: Request, body: unknown = {}, failure?: string): void {
    this.send({ type: 'response', request_seq: request.seq, command: request.command, success: !failure, ...(failure ? { message: failure } : {}), body });
  }

  private console(line: string): void {
    this.send({ type: 'event', event: 'output', body: { category: 'console', output: `${line}\n` } });
  }

  private async handle(request: Request): Promise<void> {
    switch (request.command) {
      case 'initialize':
        this.respond(request, { supportsConfigurationDoneRequest: true, supportsTerminateRequest: true });
        this.send({ type: 'event', event: 'initialized' });
        return;
      case 'launch':
        try {
          const forwarding = await this.start();
          // Ended while it started: nothing may be left forwarding.
          if (this.stopped) await forwarding.stop();
          else this.forwarding = forwarding;
          this.respond(request);
        } catch (error) {
          this.respond(request, {}, vscode.l10n.t('Livepeer: cannot forward: {0}', reasonOf(error)));
          this.send({ type: 'event', event: 'terminated' });
        }
        return;
      case 'threads':
        this.respond(request, { threads: [] });
        return;
      case 'setBreakpoints':
        this.respond(request, { breakpoints: [] });
        return;
      case 'disconnect':
      case 'terminate':
        await this.stop();
        this.respond(request);
        if (request.command === 'terminate') this.send({ type: 'event', event: 'terminated' });
        return;
      default:
        this.respond(request);
    }
  }

  private async start(): Promise<ActiveForwarding> {
    const { webhook, url } = this.configuration;
    if (!webhook?.trim()) throw new Error(vscode.l10n.t('set "webhook" (the webhook’s id or name) in the launch configuration'));
    if (!url?.trim()) throw new Error(vscode.l10n.t('set "url" (the local address of your handler) in the launch configuration'));
    const found = await webhookNamed(this.deps.session, webhook.trim());
    return startForwardingTo(this.deps, found, url.trim(), (line) => this.console(line));
  }

  private async stop(): Promise<void> {
    this.stopped = true;
    const forwarding = this.forwarding;
    this.forwarding = undefined;
    await forwarding?.stop();
  }
}

export function forwardingAdapter(deps: ForwardingDeps, session: vscode.DebugSession): vscode.DebugAdapter {
  return new ForwardingAdapter(deps, session.configuration);
}
