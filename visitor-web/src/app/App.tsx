import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider } from '../lib/session';
import { useSiteConfig } from '../lib/site-config';
import { configureAnalytics } from '../lib/analytics';
import { Toaster } from '../components/Toaster';
import { createQueryClient } from './query-client';
import { AppRouter } from './router';
import { AppStatus } from './AppStatus';

function AnalyticsConfig() {
  const { data, isError, isPlaceholderData } = useSiteConfig();
  useEffect(() => {
    if (data && !isPlaceholderData) configureAnalytics(data.analyticsUrl);
    else if (isError) configureAnalytics(null);
  }, [data, isError, isPlaceholderData]);
  return null;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <AnalyticsConfig />
        <AppRouter />
        <Toaster />
        <AppStatus />
      </SessionProvider>
    </QueryClientProvider>
  );
}
