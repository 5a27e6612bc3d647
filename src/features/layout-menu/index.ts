// The sidebar menu for the app shell, and its pure building rules.
export { SidebarMenu } from './components/sidebar-menu';
export { buildMenu, childVisible, leafPaths, type MenuNode } from './build-menu';
