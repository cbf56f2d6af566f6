import type { CheckboxProps } from '@mui/material';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

type CheckboxOwnerState = CheckboxProps & { 'aria-label'?: string; inputProps?: { 'aria-label'?: string } };

/** The storefront's greens (storefront/src/styles.css), so the two apps read as one marketplace. */
export const brand = {
  green900: '#0b3d2c',
  green700: '#0f6b47',
  green600: '#12805a',
  green100: '#e3f4ec',
  green50: '#f2faf6',
  ink: '#14201b',
  muted: '#55645d',
  background: '#f7f9f8',
} as const;

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: brand.green700, dark: brand.green900, light: brand.green600, contrastText: '#fff' },
    // react-admin paints the app bar in the secondary colour.
    secondary: { main: brand.green900, contrastText: '#fff' },
    background: { default: brand.background, paper: '#fff' },
    text: { primary: brand.ink, secondary: brand.muted },
    error: { main: '#b42318' },
    warning: { main: '#8a5a00' },
    success: { main: brand.green700 },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    h6: { fontWeight: 600 },
  },
  components: {
    ...defaultTheme.components,
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
    // react-admin's loading spinner (app bar, buttons) has no name of its own (axe: aria-progressbar-name).
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
    MuiCheckbox: {
      defaultProps: {
        // react-admin's row checkbox passes aria-label to MUI's wrapper span, where it names nothing
        // (axe: a prohibited attribute, and an unlabelled input); move any such label onto the input.
        slotProps: {
          root: { 'aria-label': undefined },
          input: (ownerState: CheckboxOwnerState) => ({ ...ownerState.inputProps, 'aria-label': ownerState['aria-label'] ?? ownerState.inputProps?.['aria-label'] }),
        },
      },
    },
  },
};
