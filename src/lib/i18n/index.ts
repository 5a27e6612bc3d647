// Locale-aware formatting helpers shared by every layer.
export * from './dates';
export * from './messages';
export * from './names';
