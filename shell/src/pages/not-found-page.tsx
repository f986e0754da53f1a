import { StatusPage } from './status-page';

export function NotFoundPage() {
  return <StatusPage code={404} title="Page Not Found" to="/" action="Go to Homepage" />;
}
