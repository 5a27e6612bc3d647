// Business constants of docs/product.md §9, shared by the panel and the server.
export const API_PREFIX = '/api/v1';
export const AUTH_SCHEME = 'JWT';
export const PAGE_SIZES = [30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 30;
export const PASSWORD_MIN_LENGTH = 8;
/** Maximum lengths (characters) of free-text fields. */
export const TEXT_MAX = { short: 100, medium: 255, link: 2048, long: 5000, config: 100_000 } as const;
export const NOTIFICATION_LIMIT = 6;
export const NOTIFICATION_LIFETIME_MS = 10_000;
export const SIDEBAR_BREAKPOINT_PX = 800;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** An avatar's largest width and height in pixels, read from its JPEG/PNG header before anything decodes it. */
export const AVATAR_MAX_SIDE_PX = 4096;
export const CSV_MAX_BYTES = 10 * 1024 * 1024;
export const CSV_MAX_ROWS = 100_000;
export const PROFILE_NAME_PREFIX = 'S-';
export const TIME_STEPS_SECONDS = [3600, 1800] as const;
export const EXPORT_FILE_NAME = 'report';
export const LOCALES = ['fa', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fa';
