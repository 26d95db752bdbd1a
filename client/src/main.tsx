import { createStore } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { followSystemColorMode } from './app/color-mode';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { LiveUpdates } from './features/live/components/live-updates';

followSystemColorMode();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()} store={createStore()}>
      <LiveUpdates />
      <RouterProvider router={createAppRouter()} />
    </AppProviders>
  </StrictMode>,
);
