// The browser router over the route table, created once per app.
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createAppRoutes } from './routes';

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(createAppRoutes()));
  return <RouterProvider router={router} />;
}
