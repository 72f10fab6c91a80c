import { escapeHtml } from './domain/escape-html.js';
import type { MagicLinkPurpose } from './magic-link.repository.js';

export interface LandingPage {
  siteName: string;
  token: string;
  purpose: MagicLinkPurpose;
  /** the account the link opens (login) or saves (verify) */
  username: string;
  email: string;
  /** who this browser is signed in as now, when that is someone else */
  current: { username: string; saved: boolean } | null;
  /** this browser is already signed in as the link's account */
  own: boolean;
}

/**
 * The page a mailed link opens. It spends nothing: it names the account and waits for the
 * visitor's own click, which posts the token (no script runs here at all, so neither a mail
 * scanner that executes pages nor a foreign page that links here can spend it or switch the
 * browser to another account unseen). Dark, like the app.
 */
export function magicLinkPage(p: LandingPage): string {
  const name = `<strong>${escapeHtml(p.username)}</strong>`;
  const login = p.purpose === 'login';
  const title = login ? 'Confirm sign-in' : p.own ? 'Save your account' : 'Save an account';
  const address = `<strong>${escapeHtml(p.email)}</strong>`;
  // a save link can reach someone else (anyone may name any address): unless this browser already
  // is that account, say that confirming switches it there, as a login link does
  const lead = login
    ? `You are about to sign in as ${name}.`
    : p.own
      ? `You are about to save your account ${name} with the address ${address}.`
      : `You are about to save the account ${name} with the address ${address}; this browser will be signed in as ${name}.`;
  const leaving = p.current
    ? p.current.saved
      ? `<p class="note">This browser is now signed in as <strong>${escapeHtml(p.current.username)}</strong>. You can return to it later with a link sent to its address.</p>`
      : `<p class="note warn">This browser is now signed in as <strong>${escapeHtml(p.current.username)}</strong>, which is not saved: after switching you cannot return to it.</p>`
    : '';
  const button = login
    ? `Sign in as ${escapeHtml(p.username)}`
    : p.own
      ? 'Save my account'
      : `Save and sign in as ${escapeHtml(p.username)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="dark"><meta name="robots" content="noindex">
<title>${title} · ${escapeHtml(p.siteName)}</title>
<style>
:root{color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:1.25rem;background:#0e0c14;color:#f5f2fb;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:26rem;background:#1b1824;border:1px solid #2f2a3c;border-radius:18px;padding:2rem 1.5rem;box-shadow:0 24px 60px rgba(0,0,0,.55);text-align:center}
.brand{margin:0 0 1.25rem;font-weight:700;letter-spacing:.01em;background:linear-gradient(135deg,#a855f7,#ec4899);-webkit-background-clip:text;background-clip:text;color:transparent}
h1{margin:0 0 .75rem;font-size:1.5rem}
p{margin:0 0 1rem;color:#d6d0e2;overflow-wrap:anywhere}
strong{color:#f5f2fb}
.note{font-size:.9rem;color:#9d97ad;background:#231f2e;border-radius:12px;padding:.75rem}
.warn{color:#fbbf24;background:rgba(251,191,36,.1)}
form{margin:1.5rem 0 0}
button{width:100%;font:inherit;font-weight:600;padding:.85rem 1.25rem;border:0;border-radius:12px;background:linear-gradient(135deg,#a855f7,#ec4899);color:#fff;cursor:pointer;overflow-wrap:anywhere}
button:focus-visible,a:focus-visible{outline:none;box-shadow:0 0 0 3px rgba(192,79,240,.55)}
a{display:inline-block;margin-top:1rem;color:#9d97ad}
</style>
</head><body><main>
<p class="brand">${escapeHtml(p.siteName)}</p>
<h1>${title}</h1>
<p>${lead}</p>
${leaving}
<form method="post" action="/api/auth/magic-link"><input type="hidden" name="token" value="${escapeHtml(p.token)}"><button type="submit">${button}</button></form>
<a href="/">Cancel</a>
</main></body></html>`;
}

/** No script may run; the form may only post here; nobody may frame the page. */
export const MAGIC_LINK_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
