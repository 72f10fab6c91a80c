/** Thrown when a file's own structure is broken (truncated, inconsistent lengths): the upload is refused. */
export class DamagedImageError extends Error {
  constructor(format: string, why: string) {
    super(`Damaged ${format}: ${why}`);
    this.name = 'DamagedImageError';
  }
}
