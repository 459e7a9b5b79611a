import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The hashes of the inline scripts and styles of a built SPA's HTML files (index.html, google-callback.html). */
export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Reads every top-level HTML file of a built SPA and hashes its inline `<script>` and `<style>` bodies. */
export function inlineHashes(siteDir: string): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const file of readdirSync(siteDir).filter((name) => name.endsWith('.html'))) {
    const html = readFileSync(join(siteDir, file), 'utf8');
    for (const [, body] of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) if (body!.trim()) scripts.add(hash(body!));
    for (const [, body] of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)) styles.add(hash(body!));
  }
  return { scripts: [...scripts].sort(), styles: [...styles].sort() };
}

export interface SecurityHeaderOptions {
  inline: InlineHashes;
  /** Where the admin console POSTs uploads (the site bucket's regional endpoint; locally the file store). */
  uploadOrigin: string;
}

/** How long browsers keep to https: two years, the usual preload-list minimum being one. */
export const hstsMaxAgeSeconds = 63_072_000;

/**
 * The shop's security headers, one definition for CloudFront's response headers policy and the
 * local static server (scripts/local/static-files.ts), so that the browser tests run under the
 * policy that ships. Scripts only from the site itself and the hashed inline ones, no inline
 * styles; the YouTube embed in frames; images from https anywhere (operators' links, YouTube
 * thumbnails, Google account pictures); uploads POSTed to the bucket; the site framed by nobody.
 */
export function contentSecurityPolicy({ inline, uploadOrigin }: SecurityHeaderOptions): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...inline.scripts],
    'style-src': ["'self'", ...inline.styles],
    // Operators may give an image as any https link; blob: is an upload's preview before it is sent.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", uploadOrigin],
    'frame-src': ['https://www.youtube-nocookie.com', 'https://www.youtube.com'],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The headers as a server sends them; CloudFront's policy carries the same values (infra/constructs/web.ts). */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    'strict-transport-security': `max-age=${hstsMaxAgeSeconds}; includeSubDomains`,
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/**
 * How long a browser may keep each kind of the site's files: the hashed build files for good; the
 * shop's own pictures (web/public/images: logo, games, banners, change only with a deploy, and a
 * page shows some twice) an hour, then shown at once while asked again; everything else
 * (index.html, sw.js, the manifest, config.json) asked again on every load.
 */
export const siteCacheControl = {
  assets: 'public, max-age=31536000, immutable',
  images: 'public, max-age=3600, stale-while-revalidate=604800',
  other: 'no-cache',
} as const;

/** The folders of the build (and the bucket) that the kinds above are. */
export const siteFolders = { assets: 'assets', images: 'images' } as const;
