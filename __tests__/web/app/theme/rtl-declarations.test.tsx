// The panel's right-to-left styles are flipped declaration by declaration (rtl-declarations.ts)
// instead of a whole rule at a time, both through stylis-plugin-rtl; these tests render the same MUI
// components and hand-written styles through each and require byte-identical style sheets.
import { CacheProvider, Global, keyframes } from '@emotion/react';
import styled from '@emotion/styled';
import createCache, { type EmotionCache } from '@emotion/cache';
import { render } from '@testing-library/react';
import Accordion from '@mui/material/Accordion';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { DataGrid } from '@mui/x-data-grid';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import { emotionCacheFor } from '../../../../src/app/theme/emotion-cache';
import { rtlDeclarations } from '../../../../src/app/theme/rtl-declarations';

const slide = keyframes`
  from { transform: translateX(-100%); left: 0; }
  to { transform: translateX(0); margin-right: 4px; }
`;

/** Styles the components do not reach: every kind of declaration cssjanus flips, in every place. */
const HandWritten = styled.div`
  padding: 1px 2px 3px 4px;
  margin: 0 8px 0 16px;
  border-radius: 1px 2px 3px 4px;
  border-left: 1px solid red;
  border-right-color: blue;
  float: right;
  text-align: left;
  direction: ltr;
  cursor: e-resize;
  box-shadow:
    2px 0 3px red,
    -1px 1px 0 blue;
  text-shadow: 1px 1px 2px black;
  transform: translate(10px, 5px) translateX(-3px);
  background-position: 10% 20%;
  background-position-x: 30%;
  right: calc(100% - 10px);
  inset-inline-start: 4px;
  animation: ${slide} 1s;
  /* the shapes the quick path (quickFlip) decides without cssjanus, and their near misses */
  margin: 0 8px 0;
  padding: 2px 6px;
  padding: calc(1px + 2px) 4px 0 8px;
  border-width: 1px 2px 3px 4px;
  border-style: solid dashed;
  border-color: red green blue;
  border-color: red green blue black;
  border-color: rgb(1, 2, 3) rgba(0, 0, 0, 0.5);
  border-radius: 4px;
  border-radius: 4px 8px;
  border-radius: 4px / 2px;
  border-top-left-radius: 2px;
  border-bottom-right-radius: 50%;
  margin-left: -8px;
  margin-right: auto;
  padding-right: var(--gap, 4px);
  left: 50%;
  right: calc(50% - 2px);
  border-left: 1px solid rgba(0, 0, 0, 0.12);
  border-left-color: currentColor;
  border-right-style: dotted;
  border-left-width: thin;
  border-left: 1px solid right;
  margin-left: 10px /* a comment */;
  margin-inline-start: 4px;
  -webkit-tap-highlight-color: transparent;
  background-color: red;
  outline-color: blue;
  background-color: var(--bg, red green blue black);
  --panel-background: 10% 20%;
  --panel-margin: 1px 2px 3px 4px;
  scroll-margin: 1px 2px 3px 4px;
  scroll-padding: 1px 2px;
  box-sizing: border-box;
  border: 1px solid rgba(0, 0, 0, 0.12);
  border-top: 2px solid;
  transition:
    box-shadow 300ms cubic-bezier(0.4, 0, 0.2, 1) 0ms,
    margin 195ms;
  -webkit-box-shadow: 2px 0 3px red;
  -webkit-transform: translateX(4px);
  background: #fff 10% 0 no-repeat;
  background-image: linear-gradient(90deg, red 10%, blue 90%);
  border-radius: 50%;
  border-radius: 2px 0;
  margin-top: -0.71em;
  margin-inline-end: -0.71em;
  text-shadow: none;
  outline: 1px solid ButtonBorder;
  /* the shapes the quick path decides since /servers/{id}'s first commit, and near misses */
  --AppBar-background: #1f4e9c;
  --AppBar-background: 10%;
  background: none;
  background: 0.5em;
  background: var(--bg, 10% 20%);
  box-shadow: var(--Paper-shadow);
  box-shadow: none;
  box-shadow: inherit;
  text-shadow: none;
  transform-origin: top left;
  text-align-last: right;
  clear: right;
  background-position: right top;
  transform: translate(0, 20px) scale(1);
  transform: translate(14px, -9px) scale(0.75);
  transform: translate(-1.5px) rotate(2deg);
  transform: translateY(-50%);
  transform: translateX(-3px) scale(2);
  transform: scale(2) translate(0.5em, 4px);
  transform: translate(10px, calc(1px + 2px));
  transform: translate3d(4px, 0, 0);
  transform: translate(1px, 2px) translate(3px, 4px);
  transform: translate (4px);
  transform: rotate(-90deg);
  padding: 0 0 0 4px;
  padding: 0 12px 0 16px;
  margin: -1px auto 2.5em inherit;
  margin: 1px 2px 3px +4px;
  padding: 1px 2px 3px 4px !important;
  border-style: solid dashed dotted double;
  border-color: #fff red rgb(1, 2, 3) blue;
  border-color: #fff red currentColor blue;
  /* @noflip */
  left: 0;
  & > .child {
    padding-left: 8px;
    /* @noflip */
    margin-left: 2px;
    margin-right: 3px;
  }
  @media (min-width: 600px) {
    left: 12px;
    & .inner {
      right: 4px;
    }
  }
  @supports (display: grid) {
    margin-left: 5px;
  }
  &::placeholder {
    padding-right: 2px;
  }
  &:read-only {
    border-left-width: 2px;
  }
`;

function Gallery() {
  return (
    <>
      <Global styles={{ body: { marginLeft: 1, paddingRight: 2 }, '.global-rule': { left: 3, borderRightStyle: 'solid' } }} />
      <HandWritten>
        <span className="child">x</span>
      </HandWritten>
      <Box sx={{ ml: 2, pr: 1, borderLeft: 1, textAlign: 'right', float: 'left', transform: 'translateX(4px)' }}>sx</Box>
      <Button variant="contained" startIcon={<span>i</span>} endIcon={<span>e</span>}>
        go
      </Button>
      <TextField label="label" defaultValue="v" helperText="help" />
      <TextField variant="filled" label="filled" />
      <TextField variant="standard" label="standard" size="small" />
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox size="small" indeterminate />
            </TableCell>
            <TableCell sortDirection="asc">
              <TableSortLabel active direction="asc">
                name
              </TableSortLabel>
            </TableCell>
            <TableCell align="right">n</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow selected>
            <TableCell padding="checkbox">
              <Checkbox size="small" />
            </TableCell>
            <TableCell>a</TableCell>
            <TableCell align="right">2</TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <TablePagination component="div" count={100} page={1} rowsPerPage={30} rowsPerPageOptions={[30, 50]} onPageChange={() => undefined} />
      <TextField select label="select" value="a">
        <MenuItem value="a">a</MenuItem>
      </TextField>
      <Chip label="chip" onDelete={() => undefined} />
      <Badge badgeContent={4}>
        <span>b</span>
      </Badge>
      <Checkbox defaultChecked />
      <Switch defaultChecked />
      <Slider defaultValue={30} valueLabelDisplay="on" />
      <Tabs value={0} variant="scrollable" scrollButtons>
        <Tab label="one" />
        <Tab label="two" />
      </Tabs>
      <Alert severity="warning" onClose={() => undefined}>
        alert
      </Alert>
      <Accordion>
        <AccordionSummary>summary</AccordionSummary>
      </Accordion>
      <LinearProgress />
      <LinearProgress variant="buffer" value={10} valueBuffer={20} />
      <CircularProgress />
      <Skeleton animation="wave" />
      <Pagination count={10} />
      <List>
        <ListItemButton selected>
          <ListItemIcon>
            <span>i</span>
          </ListItemIcon>
          <ListItemText primary="item" inset />
        </ListItemButton>
      </List>
      <Drawer variant="permanent" anchor="left">
        drawer
      </Drawer>
      <div style={{ height: 200, width: 600 }}>
        <DataGrid
          columns={[
            { field: 'name', width: 150 },
            { field: 'n', type: 'number' },
          ]}
          rows={[{ id: 1, name: 'a', n: 2 }]}
          checkboxSelection
        />
      </div>
    </>
  );
}

/** Records every rule `cache` hands to a style sheet (its own, or a <Global>'s), as stylis printed it. */
function recording(cache: EmotionCache): () => string {
  const rules: string[] = [];
  const insert = cache.insert.bind(cache);
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    const toSheet = sheet.insert;
    sheet.insert = (rule: string) => {
      rules.push(rule);
      toSheet.call(sheet, rule);
    };
    try {
      return insert(selector, serialized, sheet, shouldCache);
    } finally {
      sheet.insert = toSheet;
    }
  };
  return () => rules.join('\n');
}

/** The style sheet the gallery leaves behind with one set of stylis plugins. */
function sheetWith(stylisPlugins: unknown[]): string {
  const container = document.createElement('div');
  document.head.append(container);
  const cache = createCache({ key: 'muirtl', container, stylisPlugins: stylisPlugins as never });
  const rules = recording(cache);
  const { unmount } = render(
    <CacheProvider value={cache}>
      <ThemeProvider theme={createTheme({ direction: 'rtl' })}>
        <div dir="rtl">
          <Gallery />
        </div>
      </ThemeProvider>
    </CacheProvider>,
  );
  unmount();
  container.remove();
  const text = rules();
  return text;
}

describe('right-to-left styles, declaration by declaration', () => {
  const byRule = sheetWith([prefixer, rtlPlugin]);
  const byDeclaration = sheetWith([rtlDeclarations, prefixer]);

  it('gives exactly the style sheet stylis-plugin-rtl gives, rule for rule', () => {
    expect(byRule.length).toBeGreaterThan(20_000); // the gallery really styled something
    expect(byDeclaration.split('\n')).toEqual(byRule.split('\n'));
  });

  it('flips what a right-to-left page needs flipped, and keeps what @noflip keeps', () => {
    // the padding's and margin's second and fourth values, the border and float sides, the shadow's offset
    expect(byDeclaration).toContain('padding:1px 4px 3px 2px;');
    expect(byDeclaration).toContain('border-right:1px solid red;');
    expect(byDeclaration).toContain('float:left;');
    expect(byDeclaration).toContain('box-shadow:-2px 0 3px red,'); // cssjanus flips a list's first shadow only
    expect(byDeclaration).toMatch(
      /@keyframes [^{]+\{from\{-webkit-transform:translateX\(100%\);-moz-transform:translateX\(100%\);-ms-transform:translateX\(100%\);transform:translateX\(100%\);right:0;\}/,
    );
    // `/* @noflip */ left: 0;` stays on the left; the nested rule's noflip holds only for its own line
    expect(byDeclaration).toMatch(/\.muirtl-[\w-]+>\.child\{padding-right:8px;margin-left:2px;margin-left:3px;\}/);
  });

  it('is what the Persian cache of the panel does, a second time too, and English stays unflipped', () => {
    expect(sheetWith([rtlDeclarations, prefixer])).toBe(byDeclaration); // remembered flips give the same sheet
    const sheetOf = (direction: 'rtl' | 'ltr') => {
      const cache = emotionCacheFor(direction);
      const rules = recording(cache);
      const { unmount } = render(
        <CacheProvider value={cache}>
          <Box sx={{ pl: 1, marginRight: '3px' }}>x</Box>
        </CacheProvider>,
      );
      unmount();
      return rules();
    };
    expect(sheetOf('rtl')).toMatch(/\.muirtl-[\w-]+\{padding-right:8px;margin-left:3px;\}/);
    expect(sheetOf('ltr')).toMatch(/\.muiltr-[\w-]+\{padding-left:8px;margin-right:3px;\}/);
  });
});
