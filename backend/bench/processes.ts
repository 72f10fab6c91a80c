import { readdirSync, readFileSync } from 'node:fs';

/**
 * Live processes whose command line mentions `needle` (Linux /proc), with their command lines:
 * the media tools an API starts name its data dir, so this finds them (and those it left behind).
 */
export function processesWith(needle: string): Array<{ pid: number; cmd: string }> {
  const out: Array<{ pid: number; cmd: string }> = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ');
      const state = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]?.[0];
      if (cmd.includes(needle) && state !== 'Z') out.push({ pid: Number(name), cmd });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
