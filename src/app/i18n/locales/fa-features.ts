// Every feature's Persian messages (features/<f>/lang/fa.json), found at build time. A chunk of
// its own, fetched right after the core catalogue; the signed-in shell waits for it.
import { mergeCatalogs } from '../merge-catalogs';

const features = require.context('../../../features', true, /^\.\/[^/]+\/lang\/fa\.json$/);

export default mergeCatalogs(
  {},
  features
    .keys()
    .sort()
    .map((key) => features<Record<string, string>>(key)),
);
