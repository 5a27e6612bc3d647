// The frame of the signed-out pages: a centred card on the panel's two-tone background with the
// product name and the language switch (fa/en buttons, the pressed one is the current locale).
// Plain React and CSS (sign-in.css), no MUI: the bootstrap shows it before the app has loaded
// (src/boot), and the app's AuthLayout shows the same frame around its /login route.
import type { ReactNode } from 'react';
import { LOCALES, type Locale } from '@/contract/limits';
import { useText } from '@/lib/i18n/plain-text';
import './sign-in.css';

const SHIELD = 'M12 2 4 5v6.09c0 5.05 3.41 9.76 8 10.91 4.59-1.15 8-5.86 8-10.91V5zm6 9.09c0 4-2.55 7.7-6 8.83-3.45-1.13-6-4.82-6-8.83v-4.7l6-2.25 6 2.25z';

export interface SignInFrameProps {
  locale: Locale;
  onLocaleChange: (locale: Locale) => void;
  children: ReactNode;
}

export function SignInFrame({ locale, onLocaleChange, children }: SignInFrameProps) {
  const text = useText();
  return (
    <main className="si-page">
      <div className="si-card">
        <div className="si-card__header">
          <div className="si-brand">
            <svg className="si-brand__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={SHIELD} />
            </svg>
            <div>
              <div className="si-brand__title">{text('app.title')}</div>
              <div className="si-brand__subtitle">{text('app.subtitle')}</div>
            </div>
          </div>
          <div className="si-languages" role="group" aria-label={text('shell.language')}>
            {LOCALES.map((code) => (
              <button
                key={code}
                type="button"
                lang={code}
                className="si-languages__button"
                aria-pressed={code === locale}
                onClick={() => code !== locale && onLocaleChange(code)}
              >
                {text(`shell.language.${code}`)}
              </button>
            ))}
          </div>
        </div>
        {children}
      </div>
    </main>
  );
}
