import type { Express, NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config/env.js';
import { AD_FRAME_CSP } from './security-headers.js';

/**
 * Embedded mode serves the built visitor app at / and the admin portal at /adm on the API's
 * port, with history fallback so client-side routes survive a reload. /api and /media stay
 * the API's: their unknown paths keep answering JSON 404s. (In the services mode nginx does this.)
 * The builds carry brotli and gzip copies of their text files (vite-plugin-compression2): a file is
 * answered in the best one the client accepts (`Vary: Accept-Encoding`), its own type kept.
 */
/** admin-web/public/ad-preview.html: loaded sandboxed by the Ads page, which posts it the draft code. */
const AD_PREVIEW_FILE = 'ad-preview.html';

export function serveWebApps(app: Express, config: AppConfig): void {
  const mount = (prefix: string, dir: string) => {
    const index = path.join(dir, 'index.html');
    if (!existsSync(index)) return;
    // hashed assets never change; index.html must be revalidated so deploys take effect
    app.use(
      prefix,
      expressStaticGzip(dir, {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        index: false,
        serveStatic: {
          setHeaders: (res, file) => {
            res.setHeader(
              'Cache-Control',
              file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
            );
            // the admin's ad preview frame runs draft ad code: the ad frame's own policy, not the
            // portal's (whichever copy of the file is sent: plain, .br or .gz)
            if (path.basename(file).replace(/\.(br|gz)$/, '') === AD_PREVIEW_FILE)
              res.setHeader('Content-Security-Policy', AD_FRAME_CSP);
          },
        },
      }),
    );
    app.get(
      prefix === '/' ? /^\/(?!api\/|api$|media\/|r\/|manifest\.webmanifest$).*/ : new RegExp(`^${prefix}(/.*)?$`),
      (req: Request, res: Response, next: NextFunction) => {
        if (req.method !== 'GET' || !req.accepts('html')) return next();
        res.setHeader('Cache-Control', 'no-cache');
        res.sendFile(index);
      },
    );
  };
  app.get('/adm/db-test', (_req, res) => res.redirect(301, '/adm/dbtest'));
  mount('/adm', config.adminWebDir);
  mount('/', config.visitorWebDir);
}
