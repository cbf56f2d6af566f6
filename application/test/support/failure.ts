import { DomainError } from '@voltmarket/domain';

/** The domain error a use case failed with (a test fails if it succeeded or threw something else). */
export async function failure(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a domain error');
}
