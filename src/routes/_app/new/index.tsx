import { createFileRoute } from '@tanstack/react-router';
import { isEnabled } from '../../../domain/navigation/flags.ts';
import { NewOrganizationPage } from '../../../views/new/NewOrganizationPage.tsx';
import { useFeatureFlags } from '../../../views/shared/useAppContext.ts';

// spec A2.2 /new, A2.3: reachable only with the organizations:create flag.
export const Route = createFileRoute('/_app/new/')({
  staticData: { title: 'New organization' },
  component: NewOrganizationRoute,
});

function NewOrganizationRoute() {
  const flags = useFeatureFlags();
  return <NewOrganizationPage canCreate={isEnabled(flags, 'organizations:create')} />;
}
