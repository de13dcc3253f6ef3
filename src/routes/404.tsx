import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../views/errors/ErrorPage.tsx';

export const Route = createFileRoute('/404')({
  staticData: { title: '404' },
  component: NotFoundPage,
});
