// The page audit (helpers/page-audit.ts) as a restricted user, in Persian.
import { auditRole } from '../helpers/page-audit';

auditRole('restricted', ['fa']);
