/**
 * The tags a share link's page carries, so a chat or a search engine that never runs the app sees
 * the item: Open Graph and Twitter card with the preview rendition (never the original, never a
 * location), the canonical URL, and noindex unless the uploader opted in.
 */
export interface SharePageInput {
  siteName: string;
  /** PUBLIC_URL/r/{shareId} */
  url: string;
  /** null: the link leads nowhere (off, hidden, deleted, unknown) */
  item: { video: boolean; image: { url: string; width: number; height: number; type: string } | null } | null;
  indexable: boolean;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function sharePageHead(p: SharePageInput): string {
  const what = p.item?.video ? 'video' : 'photo';
  const title = p.item ? `Hot or Not? Rate this ${what} · ${p.siteName}` : `Not available · ${p.siteName}`;
  const description = p.item
    ? `Someone shared their ${what} on ${p.siteName}. Is it Hot or Not? Vote in one tap.`
    : 'This photo or video is no longer available to rate.';
  const meta = (attr: 'name' | 'property', key: string, value: string | number) =>
    `<meta ${attr}="${key}" content="${esc(String(value))}" />`;
  const image = p.item?.image;
  return [
    `<title>${esc(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${esc(p.url)}" />`,
    p.item && p.indexable ? null : meta('name', 'robots', 'noindex'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', p.siteName),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', p.url),
    ...(image
      ? [
          meta('property', 'og:image', image.url),
          meta('property', 'og:image:type', image.type),
          meta('property', 'og:image:width', image.width),
          meta('property', 'og:image:height', image.height),
          meta('property', 'og:image:alt', `The shared ${what}`),
        ]
      : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image.url)] : []),
  ]
    .filter((l): l is string => l !== null)
    .join('\n    ');
}

/** The app's index.html with its own title and description replaced by the share page's head. */
export function injectHead(indexHtml: string, head: string): string {
  const stripped = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  return stripped.replace(/<\/head>/i, `  ${head}\n  </head>`);
}
