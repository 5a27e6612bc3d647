// The browser router over the route table, created once per app. The entry creates it before the
// first render (createAppRouter), so the first route's chunks start loading while the store
// rehydrates and the messages arrive, rather than after.
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createAppRoutes } from './routes';

export type AppBrowserRouter = ReturnType<typeof createBrowserRouter>;

export const createAppRouter = (dispatch?: (action: unknown) => unknown): AppBrowserRouter => createBrowserRouter(createAppRoutes(undefined, dispatch));

export function AppRouter({ router }: { router?: AppBrowserRouter }) {
  const [own] = useState(() => router ?? createAppRouter());
  return <RouterProvider router={own} />;
}
