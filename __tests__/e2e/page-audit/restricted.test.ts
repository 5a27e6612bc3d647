// The page audit (helpers/page-audit.ts) as a restricted user, in Persian and English.
import { auditRole } from '../helpers/page-audit';

auditRole('restricted');
