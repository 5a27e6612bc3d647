// The Persian messages the sign-in page needs: the shell's (app/i18n/lang/fa.json) and the auth
// feature's. Loaded as its own small chunk, so the login form never waits for every feature's text.
import shell from '../lang/fa.json';
import auth from '@/features/auth/lang/fa.json';
import { mergeCatalogs } from '../merge-catalogs';

export default mergeCatalogs(shell, [auth]);
