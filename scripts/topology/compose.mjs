// Reads docker-compose.yml and the Dockerfile the way compose and docker would: the environment a
// service's containers get (YAML merge keys, ${VAR} interpolation from a .env-like map) and the
// ENV of a Dockerfile stage. The topology check starts its processes with exactly that.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';

/** Compose interpolation: $$, ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}. */
export function interpolate(value, vars) {
  return String(value).replace(/\$\$|\$\{(\w+)(?:(:?[-?])([^}]*))?\}|\$(\w+)/g, (m, name, op, arg, bare) => {
    if (m === '$$') return '$';
    if (bare) return vars[bare] ?? '';
    const v = vars[name];
    const unset = v === undefined;
    const empty = unset || v === '';
    switch (op) {
      case ':-':
        return empty ? interpolate(arg, vars) : v;
      case '-':
        return unset ? interpolate(arg, vars) : v;
      case ':?':
        if (empty) throw new Error(`compose needs ${name}: ${arg}`);
        return v;
      case '?':
        if (unset) throw new Error(`compose needs ${name}: ${arg}`);
        return v;
      default:
        return v ?? '';
    }
  });
}

export function loadCompose(root) {
  return load(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'));
}

/** The environment compose gives a service's containers, interpolated with `vars` (the .env). */
export function serviceEnv(compose, service, vars) {
  const s = compose.services[service];
  if (!s) throw new Error(`docker-compose.yml has no service ${service}`);
  const { '<<': merged, ...own } = s.environment ?? {};
  const env = {};
  for (const [k, v] of Object.entries({ ...(merged ?? {}), ...own })) env[k] = interpolate(v, vars);
  return env;
}

/** ENV name=value pairs of a Dockerfile stage (the image's environment before compose adds its own). */
export function dockerfileEnv(root, stage) {
  const text = readFileSync(path.join(root, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ');
  const body = text.split(/^(?=FROM )/m).find((s) => new RegExp(`^FROM \\S+ AS ${stage}\\b`).test(s));
  if (!body) throw new Error(`Dockerfile has no stage ${stage}`);
  const env = {};
  for (const [, line] of body.matchAll(/^ENV (.*)$/gm))
    for (const [, k, v] of line.matchAll(/(\w+)=(\S+)/g)) env[k] = v;
  return env;
}

/** Replaces service addresses (`postgres:5432`) in URLs by where that service runs here. */
export function substituteAddresses(env, addresses) {
  const out = {};
  for (const [k, v] of Object.entries(env)) {
    let value = v;
    for (const [from, to] of Object.entries(addresses))
      value = value.replace(new RegExp(`(?<=[/@])${from.replace('.', '\\.')}(?=[/:]|$)`, 'g'), to);
    out[k] = value;
  }
  return out;
}
