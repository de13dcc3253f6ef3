import { createFileRoute } from '@tanstack/react-router';
import { SecurityPage } from '../../../views/account/SecurityPage.tsx';

export const Route = createFileRoute('/_app/account/security')({
  staticData: { title: 'Security' },
  component: SecurityPage,
});
