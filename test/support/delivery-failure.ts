import { expect } from 'vitest';
import { DeliveryError } from '../../src/errors';

/** The DeliveryError `promise` rejects with (the test fails if it resolves or rejects with anything else). */
export async function deliveryFailure(promise: Promise<unknown>): Promise<DeliveryError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}
