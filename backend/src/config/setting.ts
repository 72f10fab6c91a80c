import net from 'node:net';

/**
 * A setting's schema: its variable, how its text is parsed and checked, its default. The settings
 * object (env.ts) is a tree of these; `parseSettings` turns it into the parsed values and
 * `Parsed<typeof tree>` into their type, so each setting is written once.
 */
export interface Setting<T> {
  readonly env: string;
  /** The value for this raw text (undefined: not set); a problem goes to `problem`, the default is used then. */
  parse(raw: string | undefined, ctx: ParseContext): T;
}

export interface ParseContext {
  /** Another variable's raw text (trimmed, undefined when empty): for defaults that depend on it. */
  raw(name: string): string | undefined;
  problem(message: string): void;
}

/** A group present only when its `when` variable is set (the S3 settings without S3_BUCKET: none). */
export interface OptionalGroup<G> {
  readonly when: string;
  readonly group: G;
}

type Tree = { readonly [key: string]: Setting<unknown> | OptionalGroup<Tree> | Tree };
export type Parsed<T> =
  T extends Setting<infer V>
    ? V
    : T extends OptionalGroup<infer G>
      ? Parsed<G> | undefined
      : { readonly [K in keyof T]: Parsed<T[K]> };

type Default<T> = T | ((ctx: ParseContext) => T);
const resolve = <T>(d: Default<T>, ctx: ParseContext): T =>
  typeof d === 'function' ? (d as (ctx: ParseContext) => T)(ctx) : d;

const define = <T>(env: string, parse: Setting<T>['parse']): Setting<T> => ({ env, parse });

export function str(env: string): Setting<string | undefined>;
export function str(env: string, fallback: Default<string>, check?: (v: string) => string | null): Setting<string>;
export function str(env: string, fallback?: Default<string>, check?: (v: string) => string | null) {
  return define(env, (raw, ctx) => {
    if (raw === undefined) return fallback === undefined ? undefined : resolve(fallback, ctx);
    const problem = check?.(raw);
    if (problem) ctx.problem(problem);
    return raw;
  });
}

export const int = (env: string, fallback: Default<number>, min: number, max: number): Setting<number> =>
  define(env, (raw, ctx) => {
    if (raw === undefined) return resolve(fallback, ctx);
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.problem(`${env} must be an integer between ${min} and ${max} (got "${raw}")`);
      return resolve(fallback, ctx);
    }
    return n;
  });

/** An integer that is off (undefined) unless set. */
export const optionalInt = (env: string, min: number, max: number): Setting<number | undefined> =>
  define(env, (raw, ctx) => (raw === undefined ? undefined : int(env, 0, min, max).parse(raw, ctx)));

export const bool = (env: string, fallback: boolean): Setting<boolean> =>
  define(env, (raw, ctx) => {
    const v = raw?.toLowerCase();
    if (v === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(v)) return true;
    if (['0', 'false', 'no', 'off'].includes(v)) return false;
    ctx.problem(`${env} must be true or false (got "${raw}")`);
    return fallback;
  });

export function url(env: string, protocols: string[]): Setting<string | undefined>;
export function url(env: string, protocols: string[], fallback: Default<string>): Setting<string>;
export function url(env: string, protocols: string[], fallback?: Default<string>) {
  return define(env, (raw, ctx) => {
    if (raw === undefined) return fallback === undefined ? undefined : resolve(fallback, ctx);
    try {
      const u = new URL(raw);
      if (!protocols.includes(u.protocol)) ctx.problem(`${env} must use ${protocols.join(' or ')} (got ${u.protocol})`);
    } catch {
      ctx.problem(`${env} is not a valid URL`);
    }
    return raw;
  });
}

export const oneOf = <const V extends string>(env: string, values: readonly V[], fallback: V): Setting<V> =>
  define(env, (raw, ctx) => {
    const v = raw ?? fallback;
    if (!values.includes(v as V))
      ctx.problem(`${env} must be ${values.slice(0, -1).join(', ')} or ${values.at(-1)} (got "${v}")`);
    return v as V;
  });

export const ip = (env: string): Setting<string | undefined> =>
  define(env, (raw, ctx) => {
    if (raw !== undefined && !net.isIP(raw)) ctx.problem(`${env} must be an IP address (got "${raw}")`);
    return raw;
  });

/** A setting whose parsed value is derived from its text (lists, maps, paths). */
export const custom = <T>(env: string, parse: Setting<T>['parse']): Setting<T> => define(env, parse);

export const optionalGroup = <G extends Tree>(when: string, group: G): OptionalGroup<G> => ({ when, group });

const isSetting = (node: unknown): node is Setting<unknown> =>
  typeof (node as Setting<unknown>).parse === 'function' && typeof (node as Setting<unknown>).env === 'string';
const isOptional = (node: unknown): node is OptionalGroup<Tree> =>
  typeof (node as OptionalGroup<Tree>).when === 'string';

/** The parsed values of a settings tree, and every problem found (all of them, not the first). */
export function parseSettings<T extends Tree>(tree: T, ctx: ParseContext): Parsed<T> {
  const walk = (node: Tree): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(node).map(([key, child]) => {
        if (isSetting(child)) return [key, child.parse(ctx.raw(child.env), ctx)];
        if (isOptional(child)) return [key, ctx.raw(child.when) === undefined ? undefined : walk(child.group)];
        return [key, walk(child)];
      }),
    );
  return walk(tree) as Parsed<T>;
}

/** Every variable a tree reads, for the README table and the deployment checks. */
export function settingNames(tree: Tree): string[] {
  const out: string[] = [];
  const walk = (node: Tree) => {
    for (const child of Object.values(node)) {
      if (isSetting(child)) out.push(child.env);
      else if (isOptional(child)) {
        out.push(child.when);
        walk(child.group);
      } else walk(child);
    }
  };
  walk(tree);
  return [...new Set(out)];
}
