/**
 * Where the page loads a card's art from: the studio server's GET /api/art, which serves only
 * PNG, JPEG and WebP images inside the workspace (the same limits `check` holds art to).
 */
export function artHref(path: string): string {
  return `api/art?path=${encodeURIComponent(path)}`;
}
