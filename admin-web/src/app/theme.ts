import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's default themes in the product's violet; the toggle in the app bar switches them. */
export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
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
  palette: {
    ...defaultDarkTheme.palette,
    mode: 'dark',
    primary: { main: '#c4b5fd' },
    secondary: { main: '#2e1065' },
  },
};
