// Routing: the route table, its guards and the browser router.
export { createAppRoutes, preloadPage } from './routes';
export { AppRouter, createAppRouter, type AppBrowserRouter } from './app-router';
export { EntryRedirect, RequireSession, GuestOnly } from './guards';
