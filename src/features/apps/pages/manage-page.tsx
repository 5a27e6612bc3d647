// /app/manage: every application (docs/product.md §2 "Application lists").
import { PageHeader } from '@/components/layout/page-header';
import { AppsList } from '../components/apps-list';

export default function ManageAppsPage() {
  return (
    <>
      <PageHeader titleId="apps.manage.title" />
      <AppsList own={false} />
    </>
  );
}
