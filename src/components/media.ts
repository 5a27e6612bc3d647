// Media queries the layout shares. A phone is narrower than MUI's `sm` breakpoint (600 px): there
// the header folds its links and a list folds its row actions into menus.
export const PHONE_QUERY = '(max-width:599px)';
