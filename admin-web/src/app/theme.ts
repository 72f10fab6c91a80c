import type { CheckboxOwnerState } from '@mui/material';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

type Labelled = CheckboxOwnerState & { 'aria-label'?: string };

/**
 * A checkbox given an `aria-label` (react-admin's DataTable row and header checkboxes are) labels
 * its input with it: MUI puts the attribute on the wrapping span, which leaves the input unnamed
 * (axe: a form field without a label) and puts a label on a generic span (aria-prohibited-attr).
 * A checkbox that labels its input itself (slotProps.input) keeps its own label.
 */
const checkboxLabels = {
  MuiCheckbox: {
    defaultProps: {
      slotProps: {
        root: (o: Labelled) => (o['aria-label'] ? { 'aria-label': undefined } : {}),
        input: (o: Labelled) => (o['aria-label'] ? { 'aria-label': o['aria-label'] } : {}),
      },
    },
  },
};

/** react-admin's default themes in the product's violet; the toggle in the app bar switches them. */
export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  components: { ...defaultLightTheme.components, ...checkboxLabels },
  palette: {
    ...defaultLightTheme.palette,
    mode: 'light',
    primary: { main: '#6d28d9' },
    secondary: { main: '#3b0764' },
    background: { default: '#f6f5fa' },
  },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  components: { ...defaultDarkTheme.components, ...checkboxLabels },
  palette: {
    ...defaultDarkTheme.palette,
    mode: 'dark',
    primary: { main: '#c4b5fd' },
    secondary: { main: '#2e1065' },
  },
};
