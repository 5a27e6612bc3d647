// The popup of one audit record: who, when, from where, which call and what on, then the changed
// fields side by side, before and after (a secret reads "changed", never a value).
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { DetailsDialog, type DetailItem } from '@/components/dialogs';
import { AUDIT_CHANGED } from '@/contract';
import { Ltr } from '@/components/ltr';
import { formatDate, roleLabel } from '@/lib/i18n';
import { selectLocale, useAppSelector } from '@/lib/state';
import type { AuditRow } from '../api';
import { changedFields, labelOf, showValue, targetText } from './audit-values';
import { fieldLabel } from './field-labels';

const when = { dateStyle: 'medium', timeStyle: 'medium' } as const;

/** One side's value: a technical value left to right; "changed" (a secret) and yes/no in the page's language. */
function ValueCell({ side, field, t }: { side: Record<string, unknown> | null; field: string; t: (id: string) => string }) {
  const value = side?.[field];
  const text = side ? showValue(value, t) : '';
  const technical = value !== AUDIT_CHANGED && typeof value !== 'boolean';
  return <TableCell sx={{ overflowWrap: 'anywhere' }}>{technical && text ? <Ltr>{text}</Ltr> : text}</TableCell>;
}

export function AuditDetailsDialog({ row, onClose }: { row: AuditRow | null; onClose: () => void }) {
  const locale = useAppSelector(selectLocale);
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const items: DetailItem[] = row
    ? [
        { labelId: 'audit.fields.at', value: formatDate(row.at, locale, when) },
        { labelId: 'audit.fields.actor', value: row.actorName },
        { labelId: 'audit.fields.role', value: row.actorRole ? roleLabel(intl, { name: row.actorRole, pName: row.actorRolePName }) : null },
        { labelId: 'audit.fields.ip', value: row.ip, ltr: true },
        { labelId: 'audit.fields.action', value: labelOf('actionNames', row.action, intl) },
        { labelId: 'audit.fields.operation', value: row.operation, ltr: true },
        {
          labelId: 'audit.fields.target',
          value: targetText(
            row,
            (type) => labelOf('targetTypes', type, intl),
            (n) => intl.formatNumber(n),
          ),
        },
        {
          labelId: 'audit.fields.detail',
          value: row.detail
            ? Object.entries(row.detail)
                .map(([k, v]) => `${k}: ${showValue(v, t)}`)
                .join('\n')
            : null,
          ltr: true,
        },
      ]
    : [];
  const fields = row ? changedFields(row.before, row.after) : [];
  return (
    <DetailsDialog open={!!row} onClose={onClose} titleId="audit.details.title" items={items} layout="grid">
      {row && (
        <>
          <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
            <FormattedMessage id="audit.details.changes" />
          </Typography>
          {fields.length ? (
            <Table size="small" aria-label={t('audit.details.changes')} data-testid="audit-changes">
              <TableHead>
                <TableRow>
                  <TableCell>
                    <FormattedMessage id="audit.details.field" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="audit.details.before" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="audit.details.after" />
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {fields.map((field) => (
                  <TableRow key={field}>
                    <TableCell>{fieldLabel(row.targetType, field, intl)}</TableCell>
                    <ValueCell side={row.before} field={field} t={t} />
                    <ValueCell side={row.after} field={field} t={t} />
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <Typography variant="body2" color="text.secondary">
              <FormattedMessage id="audit.details.noChanges" />
            </Typography>
          )}
        </>
      )}
    </DetailsDialog>
  );
}
