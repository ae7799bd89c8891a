import assert from 'node:assert/strict';
import { StudioApiError } from '../../../src/api';

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
