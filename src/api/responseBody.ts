import { StudioApiError } from './errors';

/** The parsed body of an answer that must have one (a 2xx with an empty body is a service fault). */
export function expectBody<T>(response: { data: T | undefined; status: number }): T {
  if (response.data === undefined) {
    throw new StudioApiError('server', `the service answered HTTP ${response.status} without a body: try again later`);
  }
  return response.data;
}
