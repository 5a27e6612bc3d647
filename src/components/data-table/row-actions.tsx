// The actions cell of a row, from the actions a page declared as data: icon buttons with their
// label as tooltip and accessible name, or on a phone, when they would not fit, one "more" button
// with a menu. `actionsColumnWidth` sizes the column to the widest row, so nothing is cut off.
// On a phone (`compact`) the label is the browser's own tooltip (`title`), not MUI's: a mounted
// Tooltip renders again, synchronously, once its button's ref arrives, and a page of 30 rows did
// that 30 times inside the first commit (~60 ms unthrottled on /servers/{id}). A touch
// screen shows neither kind on a tap; a narrow window with a mouse still gets the label on hover.
import { Fragment, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import type { RowAction } from './types';

/** The actions cells' class, in the grid and the phone's table (kept at the inline end; the layout audit finds them by it). */
export const ACTIONS_CLASS = 'DataTable-actions';
/** The actions column stays at the inline end of a list scrolled sideways, over the cells it passes. */
export const STICKY_ACTIONS_SX = {
  position: 'sticky',
  insetInlineEnd: 0,
  zIndex: 1,
  backgroundColor: 'background.paper',
  borderInlineStart: 1,
  borderInlineStartColor: 'divider',
  // A shade on the side the table scrolls under, so a column cut by the sticky actions reads as
  // "more to scroll to", not as a header cut mid-word (the RTL plugin mirrors the offset in Persian).
  boxShadow: '-6px 0 6px -6px rgba(0, 0, 0, 0.3)',
} as const;

/** A small icon button is 34 px wide; the cell keeps 10 px of padding on each side. */
const BUTTON_PX = 34;
const GAP_PX = 4;
const CELL_PADDING_PX = 20;
/** On a phone, rows with more actions than this fold them into a menu. */
export const PHONE_MAX_INLINE_ACTIONS = 2;

const flag = <R,>(value: boolean | ((row: R) => boolean) | undefined, row: R) => (typeof value === 'function' ? value(row) : !!value);

export function shownActions<R>(actions: readonly RowAction<R>[], row: R): RowAction<R>[] {
  return actions.filter((a) => !flag(a.hidden, row));
}

/**
 * Room for the column's header: its title at the grid's header font (14 px, medium weight; a
 * character is at most about 8.5 px of it in Vazirmatn or Roboto) and the header's padding, so a
 * one-button column does not cut "Actions" to "Acti…".
 */
export const headerWidth = (title: string) => Math.ceil(title.length * 8.5) + CELL_PADDING_PX + 4;

/** Width of the grid's actions column: the widest row's buttons, or its header's title if wider (a phone's table sizes its own). */
export function actionsColumnWidth<R>(actions: readonly RowAction<R>[], rows: readonly R[], title = ''): number {
  let most = actions.filter((a) => typeof a.hidden !== 'boolean' || !a.hidden).length;
  if (rows.length) most = Math.max(1, ...rows.map((row) => shownActions(actions, row).length));
  return Math.max(most * BUTTON_PX + (most - 1) * GAP_PX + CELL_PADDING_PX, headerWidth(title), 56);
}

function useLabel<R>(row: R) {
  const intl = useIntl();
  return (action: RowAction<R>) => intl.formatMessage({ id: action.labelId }, action.labelValues?.(row));
}

function MoreMenu<R>({ actions, row }: { actions: RowAction<R>[]; row: R }) {
  const intl = useIntl();
  const label = useLabel(row);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu is rendered from its first opening on (and then kept, so that closing still plays its
  // transition): a closed menu in every row of a page cost the grid's first render of its rows
  // a popover and a modal each.
  const [opened, setOpened] = useState(false);
  const close = () => setAnchor(null);
  const more = intl.formatMessage({ id: 'dataTable.moreActions' });
  return (
    <>
      <IconButton
        size="small"
        aria-label={more}
        title={more}
        aria-haspopup="menu"
        onClick={(e) => {
          setOpened(true);
          setAnchor(e.currentTarget);
        }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      {opened && (
        <Menu anchorEl={anchor} open={!!anchor} onClose={close}>
          {actions.map((action) => {
            const common = { disabled: flag(action.disabled, row), sx: action.color ? { color: `${action.color}.main` } : undefined };
            const content = (
              <>
                <ListItemIcon sx={{ color: 'inherit' }}>{action.icon}</ListItemIcon>
                <ListItemText>{label(action)}</ListItemText>
              </>
            );
            return action.href ? (
              <MenuItem key={action.key} component={RouterLink} to={action.href(row)} onClick={close} {...common}>
                {content}
              </MenuItem>
            ) : (
              <MenuItem
                key={action.key}
                onClick={() => {
                  close();
                  action.onClick?.(row);
                }}
                {...common}
              >
                {content}
              </MenuItem>
            );
          })}
        </Menu>
      )}
    </>
  );
}

export function RowActions<R>({ actions, row, compact }: { actions: readonly RowAction<R>[]; row: R; compact: boolean }) {
  const label = useLabel(row);
  const shown = shownActions(actions, row);
  if (compact && shown.length > PHONE_MAX_INLINE_ACTIONS) {
    return (
      <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
        <MoreMenu actions={shown} row={row} />
      </Stack>
    );
  }
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
      {shown.map((action) => {
        const text = label(action);
        const disabled = flag(action.disabled, row);
        const button = action.href ? (
          <IconButton
            size="small"
            aria-label={text}
            title={compact ? text : undefined}
            component={RouterLink}
            to={action.href(row)}
            color={action.color}
            disabled={disabled}
          >
            {action.icon}
          </IconButton>
        ) : (
          <IconButton
            size="small"
            aria-label={text}
            title={compact ? text : undefined}
            onClick={() => action.onClick?.(row)}
            color={action.color}
            disabled={disabled}
          >
            {action.icon}
          </IconButton>
        );
        // a disabled button fires no events: the tooltip listens on a wrapper
        if (compact)
          return disabled ? (
            <span key={action.key} title={text}>
              {button}
            </span>
          ) : (
            <Fragment key={action.key}>{button}</Fragment>
          );
        return (
          <Tooltip key={action.key} title={text}>
            {disabled ? <span>{button}</span> : button}
          </Tooltip>
        );
      })}
    </Stack>
  );
}
