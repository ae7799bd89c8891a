import assert from 'node:assert/strict';
import { StudioApiError } from '../../../src/api';
import { Refused } from '../../../src/operations/refusal';
import { refusalSentence } from '../../../src/tools/refusalWords';

/** The StudioApiError `promise` rejects with; fails the test when it resolves or rejects with anything else. */
export async function failure(promise: Promise<unknown>): Promise<StudioApiError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof StudioApiError, `expected StudioApiError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the call to fail');
}

/** The sentence an operation's refusal is worded in (what the commands and tools say); fails the test on any other outcome. */
export async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await failure(promise);
  assert.ok(error instanceof Refused, `expected a refusal, got ${error.message}`);
  return refusalSentence(error.refusal);
}
