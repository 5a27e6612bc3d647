// Entry: the fonts, then the bootstrap (src/boot), which shows the light sign-in page to a visitor
// without a session and loads the app for everyone else.
import '@fontsource/vazirmatn/400.css';
import '@fontsource/vazirmatn/500.css';
import '@fontsource/vazirmatn/700.css';
import { boot } from './boot';

void boot(document.getElementById('root')!);
