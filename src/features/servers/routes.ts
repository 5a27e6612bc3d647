// Pages of the servers feature (docs/product.md §2 "Server lists", "Profiles of a server", operator settings).
// Each page follows its menu grant (docs/product.md §6); a server's profiles follow the servers section.
// Static paths rank above /servers/:serverId in the router, so manage/my-servers/settings win.
import { nextTask } from '@/lib/next-task';
import { MENU_SECTIONS, PATHS, type FeatureRoute } from '@/lib/routing';
import { paintServerProfiles } from './profiles-paint';

export const routes: FeatureRoute[] = [
  {
    path: PATHS.serversManage,
    access: 'private',
    policy: 'servers:manageAll',
    menu: PATHS.serversManage,
    redirectTo: PATHS.serversMine,
    load: () => import(/* webpackChunkName: "page-servers-manage" */ './pages/manage-servers-page'),
  },
  {
    path: PATHS.serversMine,
    access: 'private',
    menu: PATHS.serversMine,
    load: () => import(/* webpackChunkName: "page-servers-mine" */ './pages/my-servers-page'),
  },
  {
    path: PATHS.serversSettings,
    access: 'private',
    menu: PATHS.serversSettings,
    load: () => import(/* webpackChunkName: "page-servers-settings" */ './pages/operator-settings-page'),
  },
  {
    path: PATHS.serversHealth,
    access: 'private',
    menu: PATHS.serversHealth,
    load: () => import(/* webpackChunkName: "page-servers-health" */ './pages/health-page'),
  },
  {
    path: PATHS.serverProfiles,
    access: 'private',
    menu: MENU_SECTIONS.servers,
    // the data table's modules, then the page's, in two tasks (one chunk, so the same download): on a
    // phone's CPU the two were one task of about 190 ms (bench:page-profile). A phone's table has no
    // data grid; a wide screen's grid is a chunk of its own, asked for when the table's modules run.
    load: async () => {
      await import(/* webpackChunkName: "page-server-profiles" */ '../../components/data-table');
      await nextTask();
      return import(/* webpackChunkName: "page-server-profiles" */ './pages/server-profiles-page');
    },
    chunk: 'page-server-profiles',
    // the heading, drawn by the bootstrap as soon as the user is in (profiles-paint.ts)
    paint: paintServerProfiles,
    paintCatalog: 'complete',
    // The profile list (up to 100,000 rows) and the server list start with the page's chunk, not after the page rendered.
    prefetch: async ({ serverId }, dispatch) => {
      const id = Number(serverId);
      if (!Number.isInteger(id) || id <= 0) return;
      const { serversApi } = await import(/* webpackChunkName: "page-server-profiles" */ './api');
      dispatch(serversApi.util.prefetch('getProfiles', id, {}));
      // the server list (the header's flag, address and apps) too, not once the page has rendered
      dispatch(serversApi.util.prefetch('getServers', 'all', {}));
    },
  },
];
