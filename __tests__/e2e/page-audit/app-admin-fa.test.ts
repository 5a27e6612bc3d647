// The page audit (helpers/page-audit.ts) as an app admin, in Persian.
import { auditRole } from '../helpers/page-audit';

auditRole('appAdmin', ['fa']);
