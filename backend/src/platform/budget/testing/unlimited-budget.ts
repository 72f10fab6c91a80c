import { Budget, type Charge, type TakeResult } from '../budget.js';

/** For unit specs whose subject is not the quotas: every charge is spent, nothing is counted. */
export class UnlimitedBudget extends Budget {
  take(charges: readonly Charge[]): Promise<TakeResult> {
    return Promise.resolve({ ok: true, receipt: { charges, windowEnds: charges.map(() => 0) } });
  }

  refund(): Promise<void> {
    return Promise.resolve();
  }

  waitMs(): Promise<number> {
    return Promise.resolve(0);
  }
}
