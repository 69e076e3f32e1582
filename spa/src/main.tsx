import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { router } from '@/app/router';
import { rememberReferral } from '@/features/rewards/referral';
import './index.css';

// A referral link is kept before anything renders: the visitor may move on at once.
rememberReferral(window.location.search);

const root = createRoot(document.getElementById('root')!);
// The first render as a transition: React renders in slices and yields to the browser
// between them, so a slow phone is never blocked for the whole first render at once.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
