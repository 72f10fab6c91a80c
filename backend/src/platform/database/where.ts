/**
 * A parameterized WHERE clause built from optional filters (the admin lists): each value becomes
 * the next `$n`, and the one parameter list serves the count, the page query and its LIMIT/OFFSET.
 * Conditions are SQL written by the caller; only values go through `param`.
 */
export class Where {
  readonly params: unknown[] = [];
  private readonly conditions: string[] = [];

  /** The placeholder for `value`. */
  param(value: unknown): string {
    return `$${this.params.push(value)}`;
  }

  and(condition: string): this {
    this.conditions.push(condition);
    return this;
  }

  /** `WHERE a AND b`, or nothing without conditions. */
  get sql(): string {
    return this.conditions.length ? `WHERE ${this.conditions.join(' AND ')}` : '';
  }
}
