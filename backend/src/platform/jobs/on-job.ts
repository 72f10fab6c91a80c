import { Injectable } from '@nestjs/common';

/** What `@OnJob` records about a job kind, beside its handler class. */
export interface JobKind {
  readonly name: string;
  /** false for per-item background work (one job per upload): not an operator's job, so not in the portal's list */
  readonly listed: boolean;
  readonly handler: abstract new (...args: never[]) => unknown;
}

const kinds = new Map<string, JobKind>();
const NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/**
 * Names the job kind a class runs, on the class itself (immich's `@OnJob`): the one place a job's
 * name is written. The queues get their names from here (a BullMQ queue per kind, the database
 * queue's stats), `JobHandlers` finds the instance through Nest's discovery, and a process that
 * runs jobs refuses to start while a queued job's name has no handler. The class is a provider
 * of its module (`providers: [...]`) like any other; nothing else registers it.
 */
export function OnJob(name: string, options: { listed?: boolean } = {}): ClassDecorator {
  if (!NAME.test(name)) throw new Error(`Job name "${name}" must be lower-case words joined by "-"`);
  return (target) => {
    const known = kinds.get(name);
    if (known && known.handler !== (target as unknown))
      throw new Error(`Two handlers for job "${name}": ${known.handler.name} and ${target.name}`);
    kinds.set(name, { name, listed: options.listed ?? true, handler: target as unknown as JobKind['handler'] });
    Injectable()(target);
  };
}

/** Every job kind declared in this process's code, by name. Read when modules are registered, after every import. */
export function jobKinds(): JobKind[] {
  return [...kinds.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export const jobNames = (): string[] => jobKinds().map((k) => k.name);

export const jobKindOf = (handler: unknown): JobKind | undefined =>
  [...kinds.values()].find((k) => k.handler === handler);

/** Job ids carry their name (`import-media-<uuid>`): the longest declared name the id starts with. */
export function jobNameOf(id: string): string | null {
  if (!/^[a-z0-9-]+-[A-Za-z0-9_-]{1,80}$/.test(id)) return null;
  return (
    jobNames()
      .filter((n) => id.startsWith(`${n}-`))
      .sort((a, b) => b.length - a.length)[0] ?? null
  );
}

/** Enqueuing a name no `@OnJob` declares is a programming error: said at once, not left waiting. */
export function assertDeclared(name: string): void {
  if (!kinds.has(name)) throw new Error(`No job kind "${name}" is declared (@OnJob) in this build`);
}
