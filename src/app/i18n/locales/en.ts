// The English messages the sign-in page needs: the shell's (app/i18n/lang/en.json) and the auth
// feature's. Loaded as its own small chunk, so the login form never waits for every feature's text.
import shell from '../lang/en.json';
import auth from '@/features/auth/lang/en.json';
import { mergeCatalogs } from '../merge-catalogs';

export default mergeCatalogs(shell, [auth]);
