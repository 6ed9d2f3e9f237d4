/**
 * How a reply waits on something slow without being held by it: the outcome of `work` if it settles within
 * `ms`, or `late` (the work goes on, and its later failure is handled here, never unhandled).
 */
export type Settled<T> =
  | { status: 'done'; value: T }
  | { status: 'failed'; error: unknown }
  | { status: 'late' };

export async function settleWithin<T>(work: Promise<T>, ms: number): Promise<Settled<T>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Settled<T>>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'late' }), ms);
  });
  const settled = work.then(
    (value): Settled<T> => ({ status: 'done', value }),
    (error: unknown): Settled<T> => ({ status: 'failed', error }),
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}
