import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/** `name` on PATH, else null. */
export function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

/** Writes `script` to `scriptFile`, runs `bin args` and answers its stdout (stderr in the error when it fails). */
export async function runWithScript(bin: string, args: string[], script: string, scriptFile: string): Promise<string> {
  await writeFile(scriptFile, script);
  return new Promise<string>((resolve, reject) =>
    execFile(bin, args, { maxBuffer: 1 << 20 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${path.basename(bin)} failed: ${stderr || err.message}`)) : resolve(stdout),
    ),
  );
}
