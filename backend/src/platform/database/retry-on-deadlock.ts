import { isDeadlock } from './pg-errors.js';

/**
 * Runs a statement again when PostgreSQL ended it as a deadlock's victim: the victim's work was
 * rolled back whole, so a second run is safe. For statements that lock many rows in an order other
 * writers do not share (a start-up batch against a job deleting or visitors voting on the same
 * rows): the other side finishes, and this one goes through on its next try.
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!isDeadlock(err) || attempt >= tries) throw err;
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
    }
  }
}
