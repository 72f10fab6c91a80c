import { AppBar as RaAppBar, LoadingIndicator, ToggleThemeButton } from 'react-admin';
import { JobsIndicator } from './JobsIndicator';

/** react-admin's app bar with the jobs indicator beside the theme toggle. */
export const AppBar = () => (
  <RaAppBar
    toolbar={
      <>
        <JobsIndicator />
        <ToggleThemeButton />
        <LoadingIndicator />
      </>
    }
  />
);
