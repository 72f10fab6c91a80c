import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Emits `sw.js` (sw/service-worker.js) with the list of the build's shell files and a version
 * named by their contents: a deploy that changes any of them installs a new worker, whose reload
 * prompt the page shows. Source maps, compressed copies and robots.txt are not the shell.
 */
export function serviceWorker(publicDir: string): Plugin {
  return {
    name: 'vibe-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = ['/index.html'];
      const hash = createHash('sha256');
      for (const [name, item] of Object.entries(bundle)) {
        if (!/\.(js|css)$/.test(name)) continue;
        files.push(`/${name}`);
        hash.update(name).update(item.type === 'chunk' ? item.code : String(item.source));
      }
      for (const file of walk(publicDir)) {
        const path = `/${relative(publicDir, file).split('\\').join('/')}`;
        if (path === '/robots.txt') continue;
        files.push(path);
        hash.update(path).update(readFileSync(file));
      }
      const version = hash.digest('hex').slice(0, 12);
      const source = readFileSync(new URL('./service-worker.js', import.meta.url), 'utf8')
        .replace('self.__SHELL__', JSON.stringify(files.sort()))
        .replace('self.__VERSION__', JSON.stringify(version));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}
