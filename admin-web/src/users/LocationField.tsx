import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { AdminUser } from '../api/types';

const coordinates = (lat: number, lon: number) => `${lat.toFixed(2)}, ${lon.toFixed(2)}`;

/**
 * "City, State, Country" as the row carries it (the server looks places up in the background,
 * zoom 10, cached); the coordinates to 2 decimals until then or when the lookup fails (spec §2
 * Users page). Nothing is fetched per row: the list itself asks again while a name is coming.
 */
export function LocationField() {
  const user = useRecordContext<AdminUser>();
  const lat = user?.latitude;
  const lon = user?.longitude;
  if (typeof lat !== 'number' || typeof lon !== 'number') {
    return (
      <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
        Not shared
      </Typography>
    );
  }
  return (
    <Typography
      variant="body2"
      title={coordinates(lat, lon)}
      component="span"
      sx={{ display: 'block' }}
      data-testid="user-location"
      aria-busy={user?.locationPending ? 'true' : undefined}
    >
      {user?.location ?? coordinates(lat, lon)}
      {user?.locationPending && !user.location ? (
        <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
          Looking up the place…
        </Typography>
      ) : null}
    </Typography>
  );
}
