import type { StudioClient } from '../../api';
import { startForwarding, type ForwardRequest, type Forwarding } from './engine';
import type { TestDelivery } from '../../api/webhooks/testSend';

export type { ForwardEvent, Forwarding, ForwardRequest } from './engine';
export { localTargetProblem, shownTarget } from './localTarget';

/** Lines of a receiver's answer shown with its status. */
const ANSWER_LINES = 3;
const ANSWER_LINE_CHARS = 200;

/**
 * Forwards the webhook's new deliveries to a handler on this machine or the private network, until
 * `stop()`. The webhook's secret signs each request and is never part of what is reported.
 */
export function forwardDeliveries(client: Pick<StudioClient, 'webhooks'>, request: ForwardRequest): Promise<Forwarding> {
  return startForwarding(client.webhooks, request);
}

/** The receiver's answer in one line: status, time and the start of its body. */
export function answerLine(answer: Pick<TestDelivery, 'status' | 'durationMs' | 'body'>): string {
  const first = firstLines(answer.body);
  return `${answer.status} in ${answer.durationMs} ms${first ? ` · ${first.replace(/\n/g, ' ⏎ ')}` : ''}`;
}

/** The first lines of a receiver's answer, each cut short. */
export function firstLines(body: string): string {
  return body
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .slice(0, ANSWER_LINES)
    .map((line) => (line.length > ANSWER_LINE_CHARS ? `${line.slice(0, ANSWER_LINE_CHARS)}…` : line))
    .join('\n');
}
