// The router's error element: an unknown address gets "page not found", any other failure
// (a crash while rendering, a page chunk that failed to load) the generic error screen.
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ErrorView } from './error-view';

export function RouteErrorPage() {
  const error = useRouteError();
  return <ErrorView notFound={isRouteErrorResponse(error) && error.status === 404} />;
}
