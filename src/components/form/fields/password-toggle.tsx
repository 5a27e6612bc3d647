// The show/hide button of a password input and the input type it selects (PasswordField's; the
// MUI-free sign-in page has its own in features/auth/components/sign-in-fields.tsx).
import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useIntl } from 'react-intl';

/** The input type and the show/hide button of a password input. */
export function usePasswordToggle() {
  const [visible, setVisible] = useState(false);
  const intl = useIntl();
  return {
    type: visible ? 'text' : 'password',
    endAdornment: (
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
    ),
  };
}
