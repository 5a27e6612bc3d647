// Stands in for MUI's CSS-variables theme machinery in the production build (webpack.config.ts
// replaces @mui/material/styles/createThemeWithVars.mjs and ThemeProviderWithVars.mjs with this
// module). The panel's theme (src/app/theme/create-app-theme.ts) sets neither `cssVariables` nor
// `colorSchemes`, so createTheme and ThemeProvider never reach these; without the stand-in they
// still ship in the entry chunk (~29 KB minified, ~8 KB brotli; docs/architecture.md §8, the login route's size).
// Anything that does reach them fails loudly instead of rendering unstyled.
const unsupported = (name) =>
  function cssVarsUnsupported() {
    throw new Error(`MUI ${name}: the panel's build leaves out MUI's CSS-variables theme (scripts/webpack/mui-without-css-vars.mjs)`);
  };

export default unsupported('createThemeWithVars / extendTheme');
export const createGetCssVar = unsupported('createGetCssVar');
export const CssVarsProvider = unsupported('CssVarsProvider');
export const Experimental_CssVarsProvider = unsupported('Experimental_CssVarsProvider');
export const useColorScheme = unsupported('useColorScheme');
export const getInitColorSchemeScript = unsupported('getInitColorSchemeScript');
