import { Injectable } from '@nestjs/common';

/** Work waiting somewhere: how much, and how long the oldest piece has waited. */
export interface Backlog {
  count: number;
  oldestSeconds: number | null;
  /** Pieces given up on lately (mail that failed for good in the last hour), when the kind has such. */
  failedLastHour?: number;
}

export type BacklogReading = Backlog | { error: string };

/**
 * Modules register how to read their backlog (the magic-link outbox, objects noted as orphans,
 * media waiting for renditions); health and metrics read them all without knowing the tables.
 */
@Injectable()
export class Backlogs {
  private readonly probes = new Map<string, () => Promise<Backlog>>();

  register(name: string, read: () => Promise<Backlog>): void {
    this.probes.set(name, read);
  }

  names(): string[] {
    return [...this.probes.keys()];
  }

  /** Every backlog, read in parallel; one that cannot be read says why instead of failing the rest. */
  async read(): Promise<Record<string, BacklogReading>> {
    const entries = await Promise.all(
      [...this.probes].map(async ([name, read]) => {
        try {
          return [name, await read()] as const;
        } catch (err) {
          return [name, { error: (err as Error).message }] as const;
        }
      }),
    );
    return Object.fromEntries(entries);
  }

  async readOne(name: string): Promise<Backlog | null> {
    const read = this.probes.get(name);
    return read ? read() : null;
  }
}

/** A backlog row as SQL answers it: `count` and the oldest piece's age in seconds (null when empty). */
export const toBacklog = (r: { count: number | string; oldest: number | string | null } | null): Backlog => ({
  count: Number(r?.count ?? 0),
  oldestSeconds: r?.oldest == null ? null : Math.max(0, Math.round(Number(r.oldest) * 10) / 10),
});
