// A password input with a show/hide toggle. Passwords are typed left to right and, like every text
// input, accept English characters only (a Persian keyboard layout is caught at once).
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useIntl } from 'react-intl';
import { TextInput, type TextInputProps } from './text-input';

export function PasswordField(props: Omit<TextInputProps, 'type' | 'charset' | 'ltr' | 'endAdornment'>) {
  const [visible, setVisible] = useState(false);
  const intl = useIntl();
  return (
    <TextInput
      autoComplete="current-password"
      {...props}
      type={visible ? 'text' : 'password'}
      ltr
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            edge="end"
            onClick={() => setVisible((v) => !v)}
            onMouseDown={(e) => e.preventDefault()}
            aria-label={intl.formatMessage({ id: visible ? 'form.password.hide' : 'form.password.show' })}
            aria-pressed={visible}
          >
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
