// The shell painted before the app has loaded (so a phone sees a page before the app's chunks have run): a stored session's first paint. The
// bootstrap draws the header bar (menu button, title, the language buttons) and, above 800 px, the
// sidebar's frame in plain DOM and CSS (shell-paint.css: the theme's colours, type and sizes of
// app-shell.tsx, header.tsx and sidebar.tsx) while the app chunk loads and runs. It covers the page
// (a fixed layer over #root), so whatever the app renders before its shell (the loader while the
// user is asked for) stays under it, and the app removes it in the same commit that mounts its own
// shell, sign-in page or error page (removeShellPaint), so no frame shows both or neither. Nothing
// in it moves: it is removed whole, never re-laid out, so it causes no layout shift.
import './shell-paint.css';
import { useLayoutEffect } from 'react';
import { SIDEBAR_BREAKPOINT_PX, type Locale } from '../contract/limits';
import type { Messages } from '../lib/i18n';
import { plainText } from '../lib/i18n/plain-text';

export const SHELL_PAINT_ID = 'shell-paint';
/** The same query as the shell's (app-shell.tsx WIDE_SCREEN_QUERY): the sidebar is persistent above it. */
export const SHELL_PAINT_WIDE_QUERY = `(min-width:${SIDEBAR_BREAKPOINT_PX + 1}px)`;

const SVG_NS = 'http://www.w3.org/2000/svg';
// MUI's icons of the header (@mui/icons-material): the sidebar toggle, then on the end side the
// phone's "more" fold, or the profile and dashboard links from 600 px, and sign-out
const MENU_ICON = 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z';
const MORE_ICON =
  'M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2';
const PROFILE_ICON = [
  'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2M7.35 18.5C8.66 17.56 10.26 17 12 17s3.34.56 4.65 1.5c-1.31.94-2.91 1.5-4.65 1.5s-3.34-.56-4.65-1.5m10.79-1.38C16.45 15.8 14.32 15 12 15s-4.45.8-6.14 2.12C4.7 15.73 4 13.95 4 12c0-4.42 3.58-8 8-8s8 3.58 8 8c0 1.95-.7 3.73-1.86 5.12',
  'M12 6c-1.93 0-3.5 1.57-3.5 3.5S10.07 13 12 13s3.5-1.57 3.5-3.5S13.93 6 12 6m0 5c-.83 0-1.5-.67-1.5-1.5S11.17 8 12 8s1.5.67 1.5 1.5S12.83 11 12 11',
];
const DASHBOARD_ICON = 'M19 5v2h-4V5zM9 5v6H5V5zm10 8v6h-4v-6zM9 17v2H5v-2zM21 3h-8v6h8zM11 3H3v10h8zm10 8h-8v10h8zm-10 4H3v6h8z';
const SIGN_OUT_ICON = 'm17 7-1.41 1.41L18.17 11H8v2h10.17l-2.58 2.58L17 17l5-5zM4 5h8V3H4c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h8v-2H4z';

/** An IconButton's 40 px box with its 24 px icon. */
function iconButton(doc: Document, paths: string | string[], className = ''): HTMLElement {
  const button = el(doc, 'span', `sp-button ${className}`.trim());
  const svg = doc.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  for (const d of [paths].flat()) {
    const path = doc.createElementNS(SVG_NS, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  button.append(svg);
  return button;
}

function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export interface ShellPaintOptions {
  locale: Locale;
  /** The core catalogue of the locale (the header's texts). */
  messages: Messages;
  doc?: Document;
}

/** Paints the shell over `doc.body` (once; a second call keeps the first). Returns the layer. */
export function paintShell({ locale, messages, doc = document }: ShellPaintOptions): HTMLElement {
  const existing = doc.getElementById(SHELL_PAINT_ID);
  if (existing) return existing;
  const text = (id: string) => plainText(messages, id);
  const html = doc.documentElement;
  html.lang = locale;
  html.dir = locale === 'fa' ? 'rtl' : 'ltr';

  const layer = el(doc, 'div', 'sp');
  layer.id = SHELL_PAINT_ID;
  layer.setAttribute('aria-hidden', 'true'); // a picture of the shell: the app's own shell is the one to read and use
  const wide = doc.defaultView?.matchMedia?.(SHELL_PAINT_WIDE_QUERY).matches ?? false;
  if (wide) layer.classList.add('sp--wide');

  const bar = el(doc, 'div', 'sp-bar');
  bar.append(iconButton(doc, MENU_ICON, 'sp-button--edge'), el(doc, 'div', 'sp-title', text('app.title')), el(doc, 'span', 'sp-grow'));
  const end = el(doc, 'span', 'sp-end');
  const languages = el(doc, 'span', 'sp-languages');
  for (const code of ['fa', 'en'] as const) {
    const button = el(doc, 'span', `sp-language${code === locale ? ' sp-language--on' : ''}`, text(`shell.language.${code}`));
    button.lang = code;
    languages.append(button);
  }
  end.append(
    languages,
    iconButton(doc, MORE_ICON, 'sp-phone'),
    iconButton(doc, PROFILE_ICON, 'sp-not-phone'),
    iconButton(doc, DASHBOARD_ICON, 'sp-not-phone'),
    iconButton(doc, SIGN_OUT_ICON),
  );
  bar.append(end);
  layer.append(bar);
  if (wide) layer.append(el(doc, 'div', 'sp-side'));
  layer.append(el(doc, 'div', 'sp-main'));
  doc.body.append(layer);
  return layer;
}

/** The painted shell's content area (where the page's own paint goes), while the shell is painted. */
export function shellPaintArea(doc: Document = document): HTMLElement | null {
  return doc.querySelector<HTMLElement>(`#${SHELL_PAINT_ID} > .sp-main`);
}

/** Removes the painted shell, if any: the app calls it when its own first page is committed. */
export function removeShellPaint(doc: Document = document): void {
  doc.getElementById(SHELL_PAINT_ID)?.remove();
}

/** Removes the painted shell in the commit that mounts the calling component (the app's shell, sign-in frame or error page). */
export function useRemoveShellPaint(): void {
  useLayoutEffect(() => removeShellPaint(), []);
}
