import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError } from './api/client';
import { keys } from './api/queries/keys';
import { onIdentityChange, sessionToken } from './api/session';
import { App } from './app/App';
import './styles/tokens.css';
import './styles/app.css';

/** A 403 may mean the role changed meanwhile (a member made observer): read it again, so write controls go. */
const recheckRoleOn403 = (error: Error) => {
  if (error instanceof ApiError && error.status === 403) void queryClient.invalidateQueries({ queryKey: keys.me });
};

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: recheckRoleOn403 }),
  mutationCache: new MutationCache({ onError: recheckRoleOn403 }),
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // A refusal (4xx) is an answer, not a hiccup: show it at once instead of retrying.
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      refetchOnWindowFocus: true,
    },
  },
});

// "Sign in as" and back (or that session ending): nothing cached belongs to the new person, and what
// is on screen is read again as them. Signed out: nothing is kept.
onIdentityChange(() => (sessionToken() ? void queryClient.resetQueries() : queryClient.clear()));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
