// The operations of a role's permissions page (docs/product.md §6), grouped by their OpenAPI tag: a "select all"
// per group (indeterminate when some are chosen) and one checkbox per operation. Staff read what it
// lets the role do, in the UI language (`users.access.operation.<METHOD> <route>` and
// `users.access.operationGroup.<tag>` in this feature's lang files; a server test fails when an
// operation of the route table has none), with its method and route below, left to right. An
// operation the panel has no text for (a newer server) shows its OpenAPI summary.
import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { operationKey, type Operation } from '@/contract';
import { Ltr } from '@/components/ltr';

interface OperationGroupsProps {
  operations: readonly Operation[];
  checked: ReadonlySet<string>;
  onChange: (ops: readonly Operation[], checked: boolean) => void;
}

/** The message id of an operation's staff-facing description. */
export const operationMessageId = (op: Operation): string => `users.access.operation.${operationKey(op)}`;
/** The message id of an operation group's (OpenAPI tag's) name. */
export const operationGroupMessageId = (tag: string): string => `users.access.operationGroup.${tag}`;

export function OperationGroups({ operations, checked, onChange }: OperationGroupsProps) {
  const intl = useIntl();
  const text = (id: string, fallback: string) => (intl.messages[id] !== undefined ? intl.formatMessage({ id }) : fallback);
  const groups = useMemo(() => {
    const byTag = new Map<string, Operation[]>();
    operations.forEach((op) => byTag.set(op.tag, [...(byTag.get(op.tag) ?? []), op]));
    return [...byTag.entries()];
  }, [operations]);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      {groups.map(([tag, ops]) => {
        const chosen = ops.filter((op) => checked.has(operationKey(op))).length;
        const groupId = `operations-${tag}`;
        const groupName = text(operationGroupMessageId(tag), tag);
        return (
          <Paper key={tag} variant="outlined" sx={{ p: 2, minWidth: 0 }} component="section" aria-labelledby={groupId}>
            <FormControlLabel
              id={groupId}
              control={
                <Checkbox
                  checked={chosen === ops.length}
                  indeterminate={chosen > 0 && chosen < ops.length}
                  onChange={(_e, value) => onChange(ops, value)}
                  slotProps={{ input: { 'aria-label': intl.formatMessage({ id: 'users.access.permissions.selectAll' }, { group: groupName }) } }}
                />
              }
              label={
                <Typography variant="subtitle1" component="span">
                  <bdi>{groupName}</bdi>{' '}
                  <Typography component="span" variant="caption" color="text.secondary">
                    <FormattedMessage id="users.access.permissions.groupCount" values={{ chosen, total: ops.length }} />
                  </Typography>
                </Typography>
              }
            />
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, paddingInlineStart: 3 }}>
              {ops.map((op) => (
                <li key={operationKey(op)}>
                  <FormControlLabel
                    sx={{ alignItems: 'flex-start', my: 0.5 }}
                    control={
                      <Checkbox size="small" sx={{ pt: 0.25 }} checked={checked.has(operationKey(op))} onChange={(_e, value) => onChange([op], value)} />
                    }
                    label={
                      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                        <Typography variant="body2">
                          <bdi>{text(operationMessageId(op), op.summary)}</bdi>
                        </Typography>
                        <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', display: 'block' }}>
                          <Ltr>{operationKey(op)}</Ltr>
                        </Typography>
                      </Box>
                    }
                  />
                </li>
              ))}
            </Box>
          </Paper>
        );
      })}
    </Box>
  );
}
