// The title of /servers/{id} painted before the app has loaded (so a phone sees it before the app's chunks have run; FeatureRoute.paint): once
// a stored session's user is in (and may open the page), the bootstrap draws the page's heading in
// plain DOM and CSS (profiles-paint.css: the theme's h5) where PageHeader then renders its own. It
// is the page's largest text. Only the heading: whether the header's "back" button shares its line
// or wraps below depends on the subtitle (the server's flag, address and app names, known once the
// server list is in), so the button, and the tabs under it, come with the app rather than be
// painted where they might not stay. The text comes from the features' catalogue
// (`paintCatalog: 'complete'`), so nothing is copied.
import './profiles-paint.css';
import { plainText } from '@/lib/i18n/plain-text';
import type { PagePaintContext } from '@/lib/routing';

/** Draws the page's heading into `area` (the painted shell's content area). */
export function paintServerProfiles(area: HTMLElement, { messages }: PagePaintContext): void {
  const title = area.ownerDocument.createElement('div');
  title.className = 'spp-title';
  title.textContent = plainText(messages, 'servers.profiles.title');
  area.append(title);
}
