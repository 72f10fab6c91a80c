import { Checkbox, FormControlLabel, FormHelperText } from '@mui/material';
import { useInput } from 'react-admin';

/** A react-admin boolean input drawn as a checkbox (the spec's "active checkbox"), not a switch. */
export function CheckboxInput({ source, label, helperText }: { source: string; label: string; helperText?: string }) {
  const { field } = useInput({ source, type: 'checkbox' });
  return (
    <>
      <FormControlLabel
        control={
          <Checkbox checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} />
        }
        label={label}
      />
      {helperText && <FormHelperText sx={{ mt: -0.5, mb: 1 }}>{helperText}</FormHelperText>}
    </>
  );
}
