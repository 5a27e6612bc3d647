// The page audit (helpers/page-audit.ts) as the top admin in Persian, with the screenshots.
import { auditRole } from '../helpers/page-audit';

auditRole('admin', ['fa']);
