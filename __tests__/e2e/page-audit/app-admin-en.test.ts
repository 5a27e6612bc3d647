// The page audit (helpers/page-audit.ts) as an app admin, in English.
import { auditRole } from '../helpers/page-audit';

auditRole('appAdmin', ['en']);
