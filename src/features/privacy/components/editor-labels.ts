// The editor's own toolbar labels (react-draft-wysiwyg `localization.translations`), taken from
// this feature's messages so the toolbar reads in the UI language: key `components.controls.x.y`
// → message `privacy.editor.x.y`, `generic.add` → `privacy.editor.generic.add`.
import type { IntlShape } from 'react-intl';

const CONTROL_KEYS = [
  'blocktype.blocktype',
  'blocktype.normal',
  'blocktype.h1',
  'blocktype.h2',
  'blocktype.h3',
  'blocktype.h4',
  'blocktype.h5',
  'blocktype.h6',
  'blocktype.blockquote',
  'blocktype.code',
  'inline.bold',
  'inline.italic',
  'inline.underline',
  'inline.strikethrough',
  'list.list',
  'list.unordered',
  'list.ordered',
  'list.indent',
  'list.outdent',
  'textalign.textalign',
  'textalign.left',
  'textalign.center',
  'textalign.right',
  'textalign.justify',
  'link.link',
  'link.unlink',
  'link.linkTitle',
  'link.linkTarget',
  'link.linkTargetOption',
  'history.history',
  'history.undo',
  'history.redo',
  'remove.remove',
] as const;

export function editorTranslations(intl: IntlShape): Record<string, string> {
  const entries: [string, string][] = CONTROL_KEYS.map((key) => [`components.controls.${key}`, intl.formatMessage({ id: `privacy.editor.${key}` })]);
  entries.push(['generic.add', intl.formatMessage({ id: 'privacy.editor.generic.add' })]);
  entries.push(['generic.cancel', intl.formatMessage({ id: 'privacy.editor.generic.cancel' })]);
  return Object.fromEntries(entries);
}
