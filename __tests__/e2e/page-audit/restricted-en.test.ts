// The page audit (helpers/page-audit.ts) as a restricted user, in English.
import { auditRole } from '../helpers/page-audit';

auditRole('restricted', ['en']);
