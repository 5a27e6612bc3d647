// The dashboard's greeting painted before the app has loaded (so a phone sees it before the app's chunks have run; FeatureRoute.paint): the
// bootstrap asks for a stored session's user with main.js and, once it is in, draws the greeting
// of pages/dashboard-page.tsx (avatar, "Welcome, …", role, joined date and the two shortcuts) in
// plain DOM and CSS (greeting-paint.css: the theme's Paper, Avatar, Chip, Typography and small
// outlined Buttons), where the page then renders its own. The user's own answer, never a stored
// copy; the page's texts from this feature's catalogue, the role's from the core one.
import './greeting-paint.css';
import type { Locale } from '@/contract';
import { formatDate } from '@/lib/i18n/dates';
import { fullName } from '@/lib/i18n/names';
import { plainText } from '@/lib/i18n/plain-text';
import type { PagePaintContext } from '@/lib/routing';
import en from './lang/en.json';
import fa from './lang/fa.json';

const catalogues: Record<Locale, Readonly<Record<string, unknown>>> = { fa, en };

const SVG_NS = 'http://www.w3.org/2000/svg';
// @mui/icons-material AccountCircleOutlined and LockResetOutlined
const PROFILE_ICON = [
  'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2M7.35 18.5C8.66 17.56 10.26 17 12 17s3.34.56 4.65 1.5c-1.31.94-2.91 1.5-4.65 1.5s-3.34-.56-4.65-1.5m10.79-1.38C16.45 15.8 14.32 15 12 15s-4.45.8-6.14 2.12C4.7 15.73 4 13.95 4 12c0-4.42 3.58-8 8-8s8 3.58 8 8c0 1.95-.7 3.73-1.86 5.12',
  'M12 6c-1.93 0-3.5 1.57-3.5 3.5S10.07 13 12 13s3.5-1.57 3.5-3.5S13.93 6 12 6m0 5c-.83 0-1.5-.67-1.5-1.5S11.17 8 12 8s1.5.67 1.5 1.5S12.83 11 12 11',
];
const PASSWORD_ICON = [
  'M13 3c-4.97 0-9 4.03-9 9 0 .06.01.12.01.19l-1.84-1.84-1.41 1.41L5 16l4.24-4.24-1.41-1.41-1.82 1.82c0-.06-.01-.11-.01-.17 0-3.86 3.14-7 7-7s7 3.14 7 7-3.14 7-7 7c-1.9 0-3.62-.76-4.88-1.99L6.7 18.42C8.32 20.01 10.55 21 13 21c4.97 0 9-4.03 9-9s-4.03-9-9-9m2 8v-1c0-1.1-.9-2-2-2s-2 .9-2 2v1c-.55 0-1 .45-1 1v3c0 .55.45 1 1 1h4c.55 0 1-.45 1-1v-3c0-.55-.45-1-1-1m-1 0h-2v-1c0-.55.45-1 1-1s1 .45 1 1z',
];

function el(doc: Document, tag: string, className: string, text?: string): HTMLElement {
  const node = doc.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(doc: Document, label: string, paths: string[]): HTMLElement {
  const node = el(doc, 'span', 'dg-button');
  const icon = doc.createElementNS(SVG_NS, 'svg');
  icon.setAttribute('viewBox', '0 0 24 24');
  for (const d of paths) {
    const path = doc.createElementNS(SVG_NS, 'path');
    path.setAttribute('d', d);
    icon.append(path);
  }
  const start = el(doc, 'span', 'dg-button__icon');
  start.append(icon);
  node.append(start, doc.createTextNode(label));
  return node;
}

/** Draws the greeting into `area` (the painted shell's content area). */
export function paintGreeting(area: HTMLElement, { user, locale, messages }: PagePaintContext): void {
  const doc = area.ownerDocument;
  const page = catalogues[locale];
  const name = fullName(user, locale);
  // as the page's chip names it (lib/i18n roleLabel): the Persian name in Persian, else the label
  const roleId = `common.role.${user.role.name}`;
  const persianName = locale === 'fa' ? user.role.pName?.trim() : undefined;
  const role = persianName || (messages[roleId] !== undefined ? plainText(messages, roleId) : user.role.name);

  const paper = el(doc, 'div', 'dg');
  const row = el(doc, 'div', 'dg-who');
  const avatar = el(doc, 'div', 'dg-avatar');
  if (user.avatar) {
    const img = doc.createElement('img');
    img.src = user.avatar;
    img.alt = '';
    avatar.append(img);
  } else {
    avatar.textContent = name.slice(0, 1);
  }
  const lines = el(doc, 'div', 'dg-lines');
  const details = el(doc, 'div', 'dg-details');
  details.append(
    el(doc, 'span', 'dg-chip', role),
    el(doc, 'span', 'dg-since', plainText(page, 'dashboard.memberSince', { date: formatDate(user.createdAt, locale) })),
  );
  lines.append(el(doc, 'div', 'dg-title', plainText(page, 'dashboard.greeting', { name })), details);
  row.append(avatar, lines);
  const shortcuts = el(doc, 'div', 'dg-shortcuts');
  shortcuts.append(
    button(doc, plainText(page, 'dashboard.shortcut.profile'), PROFILE_ICON),
    button(doc, plainText(page, 'dashboard.shortcut.password'), PASSWORD_ICON),
  );
  paper.append(row, shortcuts);
  area.append(paper);
}
