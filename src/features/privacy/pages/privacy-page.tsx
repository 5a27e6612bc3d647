// /settings/privacy (docs/product.md §2 "Settings pages"): the privacy policy in a rich-text editor
// (react-draft-wysiwyg). The stored HTML is loaded with html-to-draftjs and saved as HTML with
// draftjs-to-html through apps/setPrivacy; the server sanitises it. Only role_id 1 may save (the
// server answers 403 to anyone else), so other roles get the policy read-only. In Persian the
// editor is right-to-left and right-aligned, and the toolbar's dropdowns follow the direction.
import { useMemo, useRef, useState, type RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SaveOutlinedIcon from '@mui/icons-material/SaveOutlined';
import { ContentState, EditorState, convertToRaw } from 'draft-js';
import draftToHtml from 'draftjs-to-html';
import htmlToDraft from 'html-to-draftjs';
import { Editor } from 'react-draft-wysiwyg';
import 'react-draft-wysiwyg/dist/react-draft-wysiwyg.css';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSubmitAction } from '@/components/dialogs';
import { ErrorState } from '@/components/feedback/error-state';
import { LoadingState } from '@/components/feedback/loading-state';
import { PageHeader } from '@/components/layout/page-header';
import { useCurrentUser } from '@/lib/api';
import { useCan } from '@/lib/authorization';
import { formatDate } from '@/lib/i18n';
import { selectLocale, useAppSelector } from '@/lib/state';
import { useGetPrivacyQuery, useSetPrivacyMutation } from '../api';
import { useEditorAria } from '../components/editor-aria';
import { editorTranslations } from '../components/editor-labels';

function editorStateOf(html: string): EditorState {
  if (!html.trim()) return EditorState.createEmpty();
  const { contentBlocks, entityMap } = htmlToDraft(html);
  return EditorState.createWithContent(ContentState.createFromBlockArray(contentBlocks, entityMap));
}

const htmlOf = (state: EditorState): string => {
  const content = state.getCurrentContent();
  return content.hasText() ? draftToHtml(convertToRaw(content)) : '';
};

const TOOLBAR = {
  options: ['inline', 'blockType', 'list', 'textAlign', 'link', 'history', 'remove'],
  inline: { options: ['bold', 'italic', 'underline', 'strikethrough'] },
  blockType: { options: ['Normal', 'H1', 'H2', 'H3', 'H4', 'Blockquote'] },
  list: { options: ['unordered', 'ordered'] },
  link: { options: ['link', 'unlink'], defaultTargetOption: '_blank' },
};

/**
 * The editor's stylesheet is physical (left/right); these overrides use logical properties so the
 * dropdown carets, menus and link popup sit on the right side in RTL and the left side in LTR.
 */
const editorSx = {
  '& .rdw-editor-toolbar': { border: 0, borderBottom: 1, borderColor: 'divider', borderRadius: 0, mb: 0, p: 1, bgcolor: 'action.hover' },
  '& .rdw-dropdown-wrapper': { minWidth: 56 },
  '& .rdw-block-dropdown': { width: 140 },
  '& .rdw-dropdown-selectedtext': { paddingInline: '8px 22px' },
  '& .rdw-dropdown-carettoopen, & .rdw-dropdown-carettoclose': { insetInline: 'auto 8px' },
  '& .rdw-dropdown-optionwrapper': { width: '100%', minWidth: 140, insetInlineStart: 0, textAlign: 'start', zIndex: 10 },
  '& .rdw-dropdownoption-default': { justifyContent: 'flex-start', paddingInline: '8px' },
  '& .rdw-link-modal': { insetInline: '5px auto', height: 'auto', textAlign: 'start' },
  '& .rdw-link-modal-target-option > span': { marginInlineStart: '5px', marginLeft: 0 },
  '& .rdw-link-modal-btn': { marginInlineStart: '10px', marginLeft: 0 },
  '& .rdw-editor-main': { minHeight: 320, px: 2, py: 1, fontSize: 15, lineHeight: 1.9, cursor: 'text' },
} as const;

export default function PrivacyPage() {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const { user } = useCurrentUser();
  const canSave = useCan('privacy:edit');
  const { policy, editorState, setEditorState, dirty, submitting, save } = usePrivacyEditor();
  const editorRoot = useRef<HTMLDivElement>(null);
  useEditorAria(editorRoot, intl.formatMessage({ id: 'privacy.editorToolbar' }), editorState !== null);

  let body;
  if (policy.error) body = <ErrorState error={policy.error} onRetry={policy.refetch} />;
  else if (!editorState) body = <LoadingState />;
  else body = <PrivacyEditor rootRef={editorRoot} editorState={editorState} onChange={setEditorState} canSave={canSave} rtl={locale === 'fa'} />;

  return (
    <>
      <PageHeader
        titleId="privacy.title"
        subtitle={
          policy.data?.updatedAt && (
            <FormattedMessage
              id="privacy.updatedAt"
              values={{ date: formatDate(policy.data.updatedAt, locale, { dateStyle: 'medium', timeStyle: 'short' }) }}
            />
          )
        }
        actions={
          canSave && (
            <Button variant="contained" startIcon={<SaveOutlinedIcon />} onClick={save} disabled={submitting || !editorState}>
              <FormattedMessage id={submitting ? 'common.inProgress' : 'common.save'} />
            </Button>
          )
        }
      />
      <Stack spacing={2}>
        {!canSave && user && (
          <Alert severity="info">
            <FormattedMessage id="privacy.readOnly" />
          </Alert>
        )}
        {canSave && dirty && (
          <Typography variant="body2" color="warning.main" role="status">
            <FormattedMessage id="privacy.unsaved" />
          </Typography>
        )}
        <Paper variant="outlined" sx={{ overflow: 'visible' }}>
          {body}
        </Paper>
      </Stack>
    </>
  );
}

/** The stored policy, the editor's state, whether it differs from what was last saved, and saving it. */
function usePrivacyEditor() {
  const policy = useGetPrivacyQuery();
  const [setPrivacy] = useSetPrivacyMutation();
  const [editorState, setEditorState] = useState<EditorState | null>(null);
  const [savedHtml, setSavedHtml] = useState<string | null>(null);
  const { submitting, run } = useSubmitAction({ successMessageId: 'privacy.saveSettingsSuccess', errorMessageId: 'privacy.saveSettingsError' });

  // Load the stored policy once; a later refetch (after a save) must not discard the user's edits.
  if (policy.data && editorState === null) {
    const state = editorStateOf(policy.data.privacy);
    setEditorState(state);
    setSavedHtml(htmlOf(state));
  }

  const dirty = editorState !== null && savedHtml !== null && htmlOf(editorState) !== savedHtml;

  const save = () => {
    if (!editorState) return;
    const html = htmlOf(editorState);
    run(() => setPrivacy({ privacy: html }).unwrap())
      .then(() => setSavedHtml(html))
      .catch(() => undefined);
  };

  return { policy, editorState, setEditorState, dirty, submitting, save };
}

interface PrivacyEditorProps {
  /** The editor's root, whose markup useEditorAria fixes. */
  rootRef: RefObject<HTMLDivElement | null>;
  editorState: EditorState;
  onChange: (state: EditorState) => void;
  canSave: boolean;
  rtl: boolean;
}

/** The rich-text editor: read-only and without its toolbar for those who may not save. */
function PrivacyEditor({ rootRef, editorState, onChange, canSave, rtl }: PrivacyEditorProps) {
  const intl = useIntl();
  const translations = useMemo(() => editorTranslations(intl), [intl]);
  return (
    <Box sx={editorSx} data-testid="privacy-editor" ref={rootRef}>
      <Editor
        editorState={editorState}
        onEditorStateChange={onChange}
        readOnly={!canSave}
        toolbarHidden={!canSave}
        toolbar={TOOLBAR}
        localization={{ locale: 'en', translations }}
        textAlignment={rtl ? 'right' : 'left'}
        // passed through to draft-js (the wrapper's types omit it): every block follows the UI direction
        {...({ textDirectionality: rtl ? 'RTL' : 'LTR' } as object)}
        placeholder={intl.formatMessage({ id: 'privacy.placeholder' })}
        ariaLabel={intl.formatMessage({ id: 'privacy.editorLabel' })}
        stripPastedStyles
      />
    </Box>
  );
}
