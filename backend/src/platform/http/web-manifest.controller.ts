import { Controller, Get, Header, Headers } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { AppConfig } from '../../config/env.js';

/** The visitor app's colours (visitor-web/src/styles/base.css and index.html's theme-color). */
const THEME_COLOR = '#16121f';
const BACKGROUND_COLOR = '#0e0c14';

/**
 * The visitor app's web app manifest, answered per request so an installed app carries the name
 * of the domain it was installed from (SITE_DOMAIN_NAMES), like the page's own header does.
 * nginx proxies this one path to the API in the services mode.
 */
@ApiExcludeController()
@Controller()
export class WebManifestController {
  constructor(private readonly config: AppConfig) {}

  @Get('manifest.webmanifest')
  @Header('Content-Type', 'application/manifest+json; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  manifest(@Headers('host') host: string | undefined): string {
    const name = this.config.siteNameFor(host);
    return JSON.stringify({
      id: '/',
      name,
      short_name: shortName(name),
      description: 'Rate one random photo or video at a time as Hot or Not, upload your own and see your stats.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    });
  }
}

/** A launcher shows about 12 characters under an icon: the name without punctuation, cut at a word. */
export function shortName(name: string): string {
  const bare = name.replace(/[?!.'’]/g, '').trim();
  if (bare.length <= 12) return bare;
  let short = '';
  for (const word of bare.split(/\s+/)) {
    if ((short ? short.length + 1 : 0) + word.length > 12) break;
    short = short ? `${short} ${word}` : word;
  }
  return short || bare.slice(0, 12);
}
