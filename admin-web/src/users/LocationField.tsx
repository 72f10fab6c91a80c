import { Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useRecordContext } from 'react-admin';
import type { AdminDataProvider } from '../providers/data-provider';
import type { AdminUser } from '../api/types';

const coordinates = (lat: number, lon: number) => `${lat.toFixed(2)}, ${lon.toFixed(2)}`;

/**
 * "City, State, Country" from the server's reverse geocoder (cached there, zoom 10); the
 * coordinates to 2 decimals when the lookup fails (spec §2 Users page).
 */
export function LocationField() {
  const user = useRecordContext<AdminUser>();
  const dp = useDataProvider<AdminDataProvider>();
  const lat = user?.latitude;
  const lon = user?.longitude;
  const known = typeof lat === 'number' && typeof lon === 'number';
  const { data, isPending, isError } = useQuery({
    queryKey: ['geocode', lat, lon],
    queryFn: () => dp.geocode(lat!, lon!),
    enabled: known,
    staleTime: Infinity,
    retry: false,
  });
  if (!known) {
    return (
      <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
        Not shared
      </Typography>
    );
  }
  if (isPending) return <Skeleton width={120} component="span" sx={{ display: 'block' }} />;
  const label = isError || !data?.label ? coordinates(lat, lon) : data.label;
  return (
    <Typography variant="body2" title={coordinates(lat, lon)} component="span" sx={{ display: 'block' }}>
      {label}
    </Typography>
  );
}
