import { createFileRoute } from '@tanstack/react-router';
import { compact, str } from '../../../search-params.ts';
import { SupportPage } from '../../../views/support/SupportPage.tsx';

// spec A2.14, A6: support requests arrive prefilled (category, projectRef, subject, message, error).
export const Route = createFileRoute('/_app/support/new')({
  staticData: { title: 'Support' },
  validateSearch: (raw: Record<string, unknown>) =>
    compact({
      category: str(raw, 'category'),
      projectRef: str(raw, 'projectRef'),
      subject: str(raw, 'subject'),
      message: str(raw, 'message'),
      error: str(raw, 'error'),
    }),
  component: SupportRoute,
});

function SupportRoute() {
  return <SupportPage {...Route.useSearch()} />;
}
