// /app/my-apps: the caller's own applications (GET apps?state=appAdmin), without edit and delete.
import { PageHeader } from '@/components/layout/page-header';
import { AppsList } from '../components/apps-list';

export default function MyAppsPage() {
  return (
    <>
      <PageHeader titleId="apps.mine.title" />
      <AppsList own />
    </>
  );
}
